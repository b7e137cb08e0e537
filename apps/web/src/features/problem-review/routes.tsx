import type { RouteObject } from 'react-router-dom';
import { lazy } from 'react';

const ProblemReviewPage = lazy(() => import('./problem-review-page'));
const ReviewPage = lazy(() => import('./review-page'));
const ReviewSessionPage = lazy(() => import('./review-session-page'));

/** Problem Review's screens (/leetcode, /leetcode/session, /leetcode/review/:questionId). */
export const problemReviewRoutes: RouteObject[] = [
  { path: 'leetcode', element: <ProblemReviewPage /> },
  { path: 'leetcode/session', element: <ReviewSessionPage /> },
  { path: 'leetcode/review/:questionId', element: <ReviewPage /> },
];
