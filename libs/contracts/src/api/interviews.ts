import { z } from 'zod';
import { dataOf } from '../common';
import { companySchema, createCompanySchema } from '../companies';
import { endpoint } from '../http/endpoint';
import {
  companyInsightsSchema,
  createInterviewSchema,
  interviewListItemSchema,
  interviewLocationSchema,
  interviewQuerySchema,
  updateInterviewSchema,
} from '../interviews';

const interviewParams = z.object({ id: z.string().uuid() });
const noInterview = 'Could not find this interview';

export const interviewsApi = {
  listCompanies: endpoint({
    id: 'listCompanies',
    method: 'GET',
    path: '/api/all-companies',
    summary: 'Every company, by name',
    status: 200,
    response: z.array(companySchema),
    errors: ['unauthorized'],
  }),
  createCompany: endpoint({
    id: 'createCompany',
    method: 'POST',
    path: '/api/all-companies',
    summary: 'Add a company (200 with the existing one when the name is known)',
    description: 'Adding a new company counts toward the caller’s daily cap (429 with Retry-After past it); finding an existing one does not.',
    body: createCompanySchema,
    status: 201,
    response: dataOf(companySchema),
    errors: ['validation_failed', 'unauthorized', 'rate_limited'],
  }),
  companyInsights: endpoint({
    id: 'companyInsights',
    method: 'GET',
    path: '/api/all-companies/:companyName/insights',
    summary: 'What candidates report about one company',
    description: 'The name matches ignoring case, or as its logo slug (lower case, spaces as hyphens: jane-street).',
    params: z.object({ companyName: z.string().min(1).max(200) }),
    notFound: 'Could not find this company',
    status: 200,
    response: companyInsightsSchema,
    errors: ['unauthorized', 'not_found'],
  }),
  listInterviews: endpoint({
    id: 'listInterviews',
    method: 'GET',
    path: '/api/candidate-interviews',
    summary: "Every user's interviews, newest first, filtered and paged",
    query: interviewQuerySchema,
    status: 200,
    response: z.array(interviewListItemSchema),
    headers: { 'X-Next-Cursor': 'Pass as `cursor` for the next page; absent on the last page' },
    errors: ['validation_failed', 'unauthorized'],
  }),
  listInterviewLocations: endpoint({
    id: 'listInterviewLocations',
    method: 'GET',
    path: '/api/candidate-interviews/locations',
    summary: 'The locations candidates reported (ignoring case), most reported first: the location filter',
    status: 200,
    response: z.array(interviewLocationSchema),
    errors: ['unauthorized'],
  }),
  createInterview: endpoint({
    id: 'createInterview',
    method: 'POST',
    path: '/api/candidate-interviews',
    summary: 'Share an interview experience',
    description:
      'An unknown company is a 400 "Invalid company ID", like a malformed one; a deleted account is a 401; past the daily cap a 429 with Retry-After.',
    body: createInterviewSchema,
    status: 201,
    response: dataOf(interviewListItemSchema),
    errors: ['validation_failed', 'unauthorized', 'rate_limited'],
  }),
  updateInterview: endpoint({
    id: 'updateInterview',
    method: 'PATCH',
    path: '/api/candidate-interviews/:id',
    summary: 'Record the outcome of one of my interviews (someone else’s is a 404)',
    params: interviewParams,
    notFound: noInterview,
    body: updateInterviewSchema,
    status: 200,
    response: dataOf(interviewListItemSchema),
    errors: ['validation_failed', 'unauthorized', 'not_found'],
  }),
  deleteInterview: endpoint({
    id: 'deleteInterview',
    method: 'DELETE',
    path: '/api/candidate-interviews/:id',
    summary: 'Delete one of my interviews (someone else’s is a 404)',
    params: interviewParams,
    notFound: noInterview,
    status: 204,
    errors: ['unauthorized', 'not_found'],
  }),
};
