import type { RouteObject } from 'react-router-dom';
import { lazy } from 'react';

const AiMocksPage = lazy(() => import('./ai-mocks-page'));
const InterviewReportPage = lazy(() => import('./interview-report-page'));

/** AI mock interviews (/ai-mocks) and one past interview's transcript and report (/ai-mocks/:sessionId). */
export const aiMocksRoutes: RouteObject[] = [
  { path: 'ai-mocks', element: <AiMocksPage /> },
  { path: 'ai-mocks/:sessionId', element: <InterviewReportPage /> },
];
