import { z } from 'zod';
import { dataOf } from '../common';
import { endpoint } from '../http/endpoint';
import { creditsSchema, signedUrlSchema, voiceSessionSchema } from '../voice';

const sessionParams = z.object({ sessionId: z.string().uuid() });
const noSession = 'Could not find this interview';

export const voiceApi = {
  signedUrl: endpoint({
    id: 'signedUrl',
    method: 'GET',
    path: '/api/elevenlabs/signed-url',
    summary: 'Start an AI mock interview: debits 5 credits and answers a single-use websocket URL',
    status: 200,
    response: signedUrlSchema,
    errors: ['unauthorized', 'insufficient_credits'],
  }),
  credits: endpoint({ id: 'voiceCredits', method: 'GET', path: '/api/voice/credits', summary: "The caller's credit balance", status: 200, response: creditsSchema, errors: ['unauthorized'] }),
  listSessions: endpoint({ id: 'listVoiceSessions', method: 'GET', path: '/api/voice/sessions', summary: 'My mock interviews, newest first', status: 200, response: z.array(voiceSessionSchema), errors: ['unauthorized'] }),
  getSession: endpoint({
    id: 'getVoiceSession',
    method: 'GET',
    path: '/api/voice/sessions/:sessionId',
    summary: 'One of my mock interviews with its transcript and report',
    params: sessionParams,
    notFound: noSession,
    status: 200,
    response: voiceSessionSchema,
    errors: ['unauthorized', 'not_found'],
  }),
  endSession: endpoint({
    id: 'endVoiceSession',
    method: 'POST',
    path: '/api/voice/sessions/:sessionId/end',
    summary: 'End a mock interview (refunded when it never connected or lasted under 30 s)',
    params: sessionParams,
    notFound: noSession,
    status: 200,
    response: dataOf(voiceSessionSchema),
    errors: ['unauthorized', 'not_found'],
  }),
};
