import type { RouteObject } from 'react-router-dom';
import { lazy } from 'react';

// One lazy module for the feature's three screens: each lazy route costs the first page's router a few bytes.
const SystemDesignPages = lazy(() => import('./pages'));

/** System Design (/system-design, /system-design/:slug, /system-design/attempts/:id). */
export const systemDesignRoutes: RouteObject[] = [{ path: 'system-design/*', element: <SystemDesignPages /> }];
