import { z } from 'zod';
import { dataOf } from '../common';
import { endpoint } from '../http/endpoint';
import { createQuestionSchema, createSessionSchema, errorTypeSchema, listQuestionsQuerySchema, practiceAnalyticsQuerySchema, practiceAnalyticsSchema, practiceSummarySchema, questionListItemSchema, questionSchema, sessionSchema } from '../practice';

const questionParams = z.object({ id: z.string().uuid() });
const noQuestion = 'Could not find this question, sorry.';

export const practiceApi = {
  listErrorTypes: endpoint({ id: 'listErrorTypes', method: 'GET', path: '/api/error-types', summary: 'The eight error types and what each deducts', status: 200, response: z.array(errorTypeSchema), errors: ['unauthorized'] }),
  listQuestions: endpoint({
    id: 'listQuestions',
    method: 'GET',
    path: '/api/leetcode-questions',
    summary: "The caller's questions with retention and due date",
    description: 'Newest first, or earliest due first with sort=due. Compressed when the client accepts it; 304 when If-None-Match holds the current ETag.',
    query: listQuestionsQuerySchema,
    status: 200,
    errors: ['validation_failed', 'unauthorized'],
    response: z.array(questionListItemSchema),
    headers: { ETag: 'Version of this exact list' },
  }),
  createQuestion: endpoint({ id: 'createQuestion', method: 'POST', path: '/api/leetcode-questions', summary: 'Add a question', description: 'A title the caller already tracks, ignoring case, answers 409.', body: createQuestionSchema, status: 201, response: dataOf(questionSchema), errors: ['validation_failed', 'unauthorized', 'conflict'] }),
  practiceSummary: endpoint({ id: 'practiceSummary', method: 'GET', path: '/api/leetcode-questions/summary', summary: 'What the Problem Review cards show', status: 200, response: practiceSummarySchema, errors: ['unauthorized'] }),
  practiceAnalytics: endpoint({
    id: 'practiceAnalytics',
    method: 'GET',
    path: '/api/leetcode-questions/analytics',
    summary: "The caller's readiness: reviews per day, retention, weakest tags, time by difficulty, due forecast, mock interviews",
    description: 'Days are those of the `tz` time zone (default UTC). One call, computed in SQL.',
    query: practiceAnalyticsQuerySchema,
    status: 200,
    response: practiceAnalyticsSchema,
    errors: ['validation_failed', 'unauthorized'],
  }),
  listAllSessions: endpoint({ id: 'listAllSessions', method: 'GET', path: '/api/leetcode-questions/sessions', summary: "All the caller's review sessions, newest first", status: 200, response: z.array(sessionSchema), errors: ['unauthorized'] }),
  deleteQuestion: endpoint({ id: 'deleteQuestion', method: 'DELETE', path: '/api/leetcode-questions/:id', summary: 'Delete a question and its sessions', params: questionParams, notFound: noQuestion, status: 204, errors: ['unauthorized', 'not_found'] }),
  listQuestionSessions: endpoint({
    id: 'listQuestionSessions',
    method: 'GET',
    path: '/api/leetcode-questions/:id/sessions',
    summary: 'The sessions of one question',
    params: questionParams,
    notFound: noQuestion,
    status: 200,
    response: z.array(sessionSchema),
    errors: ['unauthorized', 'not_found'],
  }),
  logSession: endpoint({
    id: 'logSession',
    method: 'POST',
    path: '/api/leetcode-questions/:id/session',
    summary: 'Log a review session',
    description: 'With errors and submissions, the server computes correctness and confidence itself.',
    params: questionParams,
    notFound: noQuestion,
    body: createSessionSchema,
    status: 201,
    response: dataOf(sessionSchema),
    errors: ['validation_failed', 'unauthorized', 'not_found'],
  }),
};
