import { lazy, Suspense } from 'react';
import { useRoutes } from 'react-router-dom';
import type { CompanySectionProps } from '@/components/company-sections';

const QuestionsPage = lazy(() => import('./questions-page'));
const AskPage = lazy(() => import('./ask-page'));
const QuestionPage = lazy(() => import('./question-page'));
const CompanyQuestions = lazy(() => import('./company-questions'));

/**
 * /ask-a-swe (the list), /ask-a-swe/ask (the form) and /ask-a-swe/:id (a question), each page's
 * code loaded when it opens. Routed here rather than in the app's router: each lazy import there
 * adds its list of chunks to the entry script, which the first page's budget pays for.
 */
export default function AskASwePages() {
  return useRoutes([
    { index: true, element: <QuestionsPage /> },
    { path: 'ask', element: <AskPage /> },
    { path: ':id', element: <QuestionPage /> },
  ]);
}

/** A company's open questions, for its page (the app passes it in); its code loads with that page, not before. */
export const companyQuestionsSection = (company: CompanySectionProps) => (
  <Suspense fallback={null}>
    <CompanyQuestions {...company} />
  </Suspense>
);
