import type { RouteObject } from 'react-router-dom';
import { lazy } from 'react';

const ComingPage = lazy(() => import('@/features/placeholders/coming-page'));

/** AI mock interviews (/ai-mocks). */
export const aiMocksRoutes: RouteObject[] = ['ai-mocks'].map((path) => ({ path, element: <ComingPage /> }));
