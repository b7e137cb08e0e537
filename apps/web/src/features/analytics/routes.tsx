import type { RouteObject } from 'react-router-dom';
import { lazy } from 'react';

const ComingPage = lazy(() => import('@/features/placeholders/coming-page'));

/** The candidate's own analytics (/analytics). */
export const analyticsRoutes: RouteObject[] = ['analytics'].map((path) => ({ path, element: <ComingPage /> }));
