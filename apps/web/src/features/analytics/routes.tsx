import type { RouteObject } from 'react-router-dom';
import { lazy } from 'react';

const AnalyticsPage = lazy(() => import('./analytics-page'));

/** The candidate's own analytics (/analytics). */
export const analyticsRoutes: RouteObject[] = [{ path: 'analytics', element: <AnalyticsPage /> }];
