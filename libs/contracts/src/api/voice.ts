import { z } from 'zod';
import { dataOf } from '../common';
import { endpoint } from '../http/endpoint';
import {
  creditsSchema,
  endSessionSchema,
  interviewContextSchema,
  signedUrlSchema,
  voiceMessages,
  voiceSessionDetailSchema,
  voiceSessionSchema,
} from '../voice';

const sessionParams = z.object({ sessionId: z.string().uuid() });

export const voiceApi = {
  signedUrl: endpoint({
    id: 'signedUrl',
    method: 'GET',
    path: '/api/elevenlabs/signed-url',
    summary: 'Start an AI mock interview: debits 5 credits and answers a single-use websocket URL',
    description:
      'The debit and the session are one transaction; over the daily cap (caps.voiceSessionsPerDay), 429 with Retry-After. With ElevenLabs configured the URL is ElevenLabs’ own; otherwise it points at the local interviewer agent (wss under /api/voice/agent/, valid for a minute, once).',
    query: interviewContextSchema,
    status: 200,
    response: signedUrlSchema,
    errors: ['validation_failed', 'unauthorized', 'insufficient_credits', 'rate_limited', 'upstream_unavailable'],
    // ElevenLabs gets 10 s to hand out the URL (elevenlabs.client.ts), then the debit commits.
    deadlineMs: 15_000,
  }),
  credits: endpoint({
    id: 'voiceCredits',
    method: 'GET',
    path: '/api/voice/credits',
    summary: "The caller's credit balance and the next monthly top-up",
    description:
      'The first call or interview start of a calendar month (UTC) tops the balance up to monthly_allowance, once, never above it (docs/voice-credits.md).',
    status: 200,
    response: creditsSchema,
    errors: ['unauthorized'],
  }),
  listSessions: endpoint({
    id: 'listVoiceSessions',
    method: 'GET',
    path: '/api/voice/sessions',
    summary: 'My mock interviews, newest first (the newest 100)',
    status: 200,
    response: z.array(voiceSessionSchema),
    errors: ['unauthorized'],
  }),
  getSession: endpoint({
    id: 'getVoiceSession',
    method: 'GET',
    path: '/api/voice/sessions/:sessionId',
    summary: 'One of my mock interviews with its transcript and report',
    params: sessionParams,
    notFound: voiceMessages.noSession,
    status: 200,
    response: voiceSessionDetailSchema,
    errors: ['unauthorized', 'not_found'],
  }),
  resumeSession: endpoint({
    id: 'resumeVoiceSession',
    method: 'POST',
    path: '/api/voice/sessions/:sessionId/resume',
    summary: 'Resume a mock interview whose call dropped: a new single-use websocket URL for the same session, no new charge',
    description:
      'Within VOICE_RESUME_WINDOW_MS (2 minutes) of an abnormal drop, local interviewer only. Each call hands out a new URL and only the newest connects, once; the interviewer asks again the question it was asking. 409 when the interview ended, the window is over (it is then ended, charged as dropped), the call is still connected, or it is an ElevenLabs call.',
    params: sessionParams,
    notFound: voiceMessages.noSession,
    status: 200,
    response: signedUrlSchema,
    errors: ['unauthorized', 'not_found', 'conflict'],
  }),
  endSession: endpoint({
    id: 'endVoiceSession',
    method: 'POST',
    path: '/api/voice/sessions/:sessionId/end',
    summary: 'End a mock interview (refunded only when it never took place: never connected, or under 30 s with no answer)',
    description: 'Idempotent: ending an ended interview answers it as it is.',
    params: sessionParams,
    notFound: voiceMessages.noSession,
    body: endSessionSchema,
    status: 200,
    response: dataOf(voiceSessionSchema),
    errors: ['validation_failed', 'unauthorized', 'not_found'],
  }),
};
