import type { RouteObject } from 'react-router-dom';
import { lazy } from 'react';

const ProblemReviewPage = lazy(() => import('./problem-review-page'));
const ReviewPage = lazy(() => import('./review-page'));

/** Problem Review's screens (/leetcode, /leetcode/review/:questionId). */
export const problemReviewRoutes: RouteObject[] = [
  { path: 'leetcode', element: <ProblemReviewPage /> },
  { path: 'leetcode/review/:questionId', element: <ReviewPage /> },
];
