import { z } from 'zod';
import { dataOf } from '../common';
import { endpoint } from '../http/endpoint';
import {
  bindConversationSchema,
  creditsSchema,
  postCallWebhookAnswerSchema,
  postCallWebhookSchema,
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
  bindConversation: endpoint({
    id: 'bindVoiceConversation',
    method: 'POST',
    path: '/api/voice/sessions/:sessionId/conversation',
    summary: 'Record which ElevenLabs conversation an interview is, as soon as the call connects',
    description:
      "The service reads ElevenLabs' record of the conversation and binds it only when its agent_id is the configured agent, its user_id is the caller and it started while this interview was open (after the start, a minute's clock skew allowed, within the signed URL's 15 minutes). " +
      'A conversation belongs to one interview only. Its transcript, evaluation, duration and charge then come from ElevenLabs (post-call webhook, else polling), never from the page. Repeating it with the same id answers the interview as it is.',
    params: sessionParams,
    notFound: voiceMessages.noSession,
    body: bindConversationSchema,
    status: 200,
    response: dataOf(voiceSessionSchema),
    errors: ['validation_failed', 'unauthorized', 'forbidden', 'not_found', 'conflict', 'upstream_unavailable'],
    // Up to three reads of ElevenLabs' record, 10 s each at most (elevenlabs.client.ts).
    deadlineMs: 35_000,
  }),
  postCallWebhook: endpoint({
    id: 'elevenLabsPostCallWebhook',
    method: 'POST',
    path: '/api/elevenlabs/post-call',
    summary: "ElevenLabs' post-call webhook: the transcript and analysis of a finished call",
    description:
      'Called by ElevenLabs, not by users: no token; the ElevenLabs-Signature header (t=<unix seconds>,v0=<hex HMAC-SHA256 of "<t>.<raw body>" with ELEVENLABS_WEBHOOK_SECRET>) is checked in constant time, at most 30 minutes old, and each signature is taken once (a replay is 409). ' +
      '404 while ELEVENLABS_WEBHOOK_SECRET is unset. A post_call_transcription for a bound conversation of the configured agent stores its transcript and evaluation and settles the charge; any other delivery is acknowledged and changes nothing.',
    auth: 'none',
    body: postCallWebhookSchema,
    status: 200,
    response: postCallWebhookAnswerSchema,
    errors: ['validation_failed', 'unauthorized', 'not_found', 'conflict', 'payload_too_large', 'unsupported_media_type'],
  }),
};
