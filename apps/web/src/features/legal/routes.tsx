import type { RouteObject } from 'react-router-dom';
import { lazy } from 'react';
import { publicRoute } from '@/lib/public-routes';

const TermsPage = lazy(() => import('./terms-page'));
const PrivacyPage = lazy(() => import('./privacy-page'));

/** The footer's Terms and Privacy (/terms, /privacy), open signed out too. */
export const legalRoutes: RouteObject[] = [
  { path: 'terms', element: <TermsPage />, handle: publicRoute },
  { path: 'privacy', element: <PrivacyPage />, handle: publicRoute },
];
