import type { RouteObject } from 'react-router-dom';
import { lazy } from 'react';

const InterviewsPage = lazy(() => import('./interviews-page'));
const CompanyPage = lazy(() => import('./company-page'));

/** Interview experiences (/candidate-interviews, /candidate-interviews/:companyName). */
export const interviewsRoutes: RouteObject[] = [
  { path: 'candidate-interviews', element: <InterviewsPage /> },
  { path: 'candidate-interviews/:companyName', element: <CompanyPage /> },
];
