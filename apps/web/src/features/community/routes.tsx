import type { RouteObject } from 'react-router-dom';
import { lazy } from 'react';

const ComingPage = lazy(() => import('@/features/placeholders/coming-page'));

/** Community screens (/pathfinder, /feature-request, /external-resources, /contact-form/:type?). */
export const communityRoutes: RouteObject[] = ['pathfinder', 'external-resources', 'feature-request', 'contact-form/:type?'].map((path) => ({ path, element: <ComingPage /> }));
