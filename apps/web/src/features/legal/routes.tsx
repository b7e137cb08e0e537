import type { RouteObject } from 'react-router-dom';
import { lazy } from 'react';

const TermsPage = lazy(() => import('./terms-page'));
const PrivacyPage = lazy(() => import('./privacy-page'));

/** The footer's Terms and Privacy (/terms, /privacy). */
export const legalRoutes: RouteObject[] = [
  { path: 'terms', element: <TermsPage /> },
  { path: 'privacy', element: <PrivacyPage /> },
];
