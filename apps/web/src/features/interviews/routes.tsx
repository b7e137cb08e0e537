import type { RouteObject } from 'react-router-dom';
import { lazy } from 'react';

const ComingPage = lazy(() => import('@/features/placeholders/coming-page'));

/** Interview experiences (/candidate-interviews, /candidate-interviews/:companyName). */
export const interviewsRoutes: RouteObject[] = ['candidate-interviews', 'candidate-interviews/:companyName'].map((path) => ({ path, element: <ComingPage /> }));
