import { randomBytes } from 'node:crypto';
import { BaseConfig } from '@app/service-kit';
import { z } from 'zod';

const optionalString = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());

export const voiceConfigShape = {
  VOICE_STARTER_CREDITS: z.coerce.number().int().min(0).default(10).describe('Credits a new account starts with (two interviews at 5 each).'),
  VOICE_MONTHLY_CREDITS: z.coerce
    .number()
    .int()
    .min(0)
    .default(10)
    .describe('The monthly free allowance: the first use of each calendar month (UTC) tops the balance up to it; 0 turns it off.'),
  // Random per process suits one replica, since a URL is only valid for a minute anyway.
  VOICE_SIGNING_SECRET: z
    .string()
    .min(16)
    .default(randomBytes(32).toString('hex'))
    .meta({ description: "Key of the local agent's signed URLs; replicas must share it.", defaultText: 'random per process' }),
  VOICE_URL_TTL_SECONDS: z.coerce.number().int().min(5).default(60).describe('How long a signed URL of the local agent can be used (once).'),
  VOICE_RESUME_WINDOW_MS: z.coerce
    .number()
    .int()
    .min(1_000)
    .default(120_000)
    .describe('How long a call whose socket dropped can be resumed (POST /api/voice/sessions/:id/resume); then the sweeper ends it as it stood at the drop.'),
  VOICE_SWEEP_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(10)
    .default(10_000)
    .describe('How often open sessions are checked against their chosen length and expired URLs.'),
  VOICE_DRAIN_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .default(1_200)
    .describe(
      "How long a replica shutting down (SIGTERM) lets its calls run on, taking no new one: 1200 lets every call reach the 20-minute limit. Calls still running then are cut and resumable on another replica; the pod's terminationGracePeriodSeconds must exceed it (docs/deploy.md).",
    ),
  PUBLIC_URL: optionalString
    .pipe(z.url({ protocol: /^https?$/ }).optional())
    .describe(
      "Where users reach the app (https://prep.example.com): the agent's URLs are its ws(s) twin. Unset: relative to the page. Never taken from a request's Host.",
    ),
  VOICE_AUDIO_AHEAD_MS: z.coerce
    .number()
    .int()
    .min(250)
    .default(5_000)
    .describe('Audio a client may send ahead of real time (network jitter); faster chunks are dropped.'),
  VOICE_PING_INTERVAL_MS: z.coerce.number().int().min(50).default(5_000).describe("The local agent's heartbeat (the client answers each ping with a pong)."),
  // Issues 24 and 38: a 2.5 s pause must not be taken for the end on any question; "I'm done", on the page or said, ends a turn at once.
  VOICE_END_OF_TURN_MS: z.coerce
    .number()
    .int()
    .min(200)
    .default(3_000)
    .describe(
      'Silence that ends the candidate\'s turn after a finished sentence: over the pauses people make mid-answer. After an unfinished one (a trailing "and", "so", "the") it is twice this.',
    ),
  VOICE_THINKING_PAUSE_MS: z.coerce
    .number()
    .int()
    .min(200)
    .default(3_500)
    .describe('The same on a technical or design question, where candidates stop to think mid-answer.'),
  // rms is the one pocketsphinx reads back best (bench/voice/voices.mjs compares them).
  VOICE_TTS_VOICE: z.enum(['rms', 'slt', 'awb', 'kal16']).default('rms').describe("The local interviewer's voice, one of those Flite's WASI build carries."),
  VOICE_TTS_STRETCH: z.coerce.number().min(0.5).max(2).default(1.1).describe("Flite's duration_stretch: 1.1 puts rms at about 160 words a minute."),
  VOICE_ASR_COMMAND: z
    .string()
    .default('pocketsphinx_continuous')
    .describe('The offline recogniser: a program and its arguments, never through a shell (docs/voice-recognition.md); "none" turns transcription off.'),
  ELEVENLABS_API_KEY: optionalString.describe('With ELEVENLABS_AGENT_ID: ElevenLabs instead of the local interviewer (server side only).'),
  ELEVENLABS_AGENT_ID: optionalString.describe('The ElevenLabs interviewer agent.'),
  ELEVENLABS_API_URL: z.string().url().default('https://api.elevenlabs.io').describe("ElevenLabs' API; tests point it at a fake."),
  ELEVENLABS_WEBHOOK_SECRET: optionalString
    .pipe(z.string().min(16, 'must be at least 16 characters').optional())
    .describe(
      'HMAC secret of the workspace webhook ElevenLabs calls after each conversation (/api/elevenlabs/post-call). Unset: that endpoint answers 404 and polling alone settles calls (docs/voice-credits.md).',
    ),
  ELEVENLABS_POLL_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(10)
    .default(5_000)
    .describe(
      'How often bound calls whose ElevenLabs record is not final are looked for, and the first ceiling of the random wait between two reads of one record (doubling up to ELEVENLABS_POLL_MAX_MS).',
    ),
  ELEVENLABS_POLL_MAX_MS: z.coerce.number().int().min(10).default(120_000).describe('The longest wait between two reads of one record.'),
};

export type VoiceConfig = BaseConfig & z.infer<z.ZodObject<typeof voiceConfigShape>>;
