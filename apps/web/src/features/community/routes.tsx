import type { RouteObject } from 'react-router-dom';
import { lazy } from 'react';
import { publicRoute } from '@/lib/public-routes';

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
  // Signed out too: a visitor, or someone who cannot sign in, can still write (the service limits each address).
  { path: 'contact-form/:type?', element: <ContactPage />, handle: publicRoute },
  { path: 'moderation', element: <ModerationPage /> },
];
