import type { RouteObject } from 'react-router-dom';
import { lazy } from 'react';

const ComingPage = lazy(() => import('../placeholders/coming-page'));

/** Problem Review's screens (/leetcode, /leetcode/review/:questionId). */
export const leetcodeRoutes: RouteObject[] = [
  { path: 'leetcode', element: <ComingPage /> },
  { path: 'leetcode/review/:questionId', element: <ComingPage /> },
];
