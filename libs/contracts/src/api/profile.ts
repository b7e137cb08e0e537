import { dataOf } from '../common';
import { endpoint } from '../http/endpoint';
import { interviewDateSchema, profileSchema, updateProfileSchema } from '../profile';

export const profileApi = {
  getProfile: endpoint({
    id: 'getProfile',
    method: 'GET',
    path: '/api/profile',
    summary: "The caller's profile (made at sign-up, never 404)",
    status: 200,
    response: profileSchema,
    errors: ['unauthorized'],
  }),
  updateProfile: endpoint({
    id: 'updateProfile',
    method: 'PUT',
    path: '/api/profile',
    summary: "Save the caller's profile; verified_company is decided by the server",
    body: updateProfileSchema,
    status: 200,
    response: dataOf(profileSchema),
    errors: ['validation_failed', 'unauthorized', 'conflict'],
  }),
  setInterviewDate: endpoint({
    id: 'setInterviewDate',
    method: 'PUT',
    path: '/api/profile/interview-date',
    summary: "Set (or, with null, clear) the day of the caller's next interview; the rest of the profile is unchanged",
    body: interviewDateSchema,
    status: 200,
    response: dataOf(profileSchema),
    errors: ['validation_failed', 'unauthorized'],
  }),
};
