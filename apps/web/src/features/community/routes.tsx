import type { RouteObject } from 'react-router-dom';
import { lazy } from 'react';

const OpportunitiesPage = lazy(() => import('./opportunities-page'));
const FeatureRequestsPage = lazy(() => import('./feature-requests-page'));
const ExternalResourcesPage = lazy(() => import('./external-resources-page'));
const ContactPage = lazy(() => import('./contact-page'));
const ModerationPage = lazy(() => import('./moderation-page'));
const FeatureRequestDetailPage = lazy(() => import('./feature-board/feature-request-detail-page'));
const WhatsNewPage = lazy(() => import('./feature-board/whats-new-page'));

/** Community screens (/pathfinder, /feature-request, /feature-requests/:id, /whats-new, /external-resources, /contact-form/:type?, /moderation). */
export const communityRoutes: RouteObject[] = [
  { path: 'pathfinder', element: <OpportunitiesPage /> },
  { path: 'feature-request', element: <FeatureRequestsPage /> },
  { path: 'feature-requests/:id', element: <FeatureRequestDetailPage /> },
  { path: 'whats-new', element: <WhatsNewPage /> },
  { path: 'external-resources', element: <ExternalResourcesPage /> },
  { path: 'contact-form/:type?', element: <ContactPage /> },
  { path: 'moderation', element: <ModerationPage /> },
];
