import { randomBytes } from 'node:crypto';
import { BaseConfig } from '@app/service-kit';
import { z } from 'zod';

const optionalString = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());

export const voiceConfigShape = {
  /** Credits a new account starts with (two interviews at 5 each). */
  VOICE_STARTER_CREDITS: z.coerce.number().int().min(0).default(10),
  /** The monthly free allowance: the first use of each calendar month (UTC) tops the balance up to it; 0 turns it off. */
  VOICE_MONTHLY_CREDITS: z.coerce.number().int().min(0).default(10),
  /**
   * Key of the local agent's signed URLs. Replicas must share it; the default (random per process)
   * suits one replica, since a URL is only valid for a minute anyway.
   */
  VOICE_SIGNING_SECRET: z.string().min(16).default(randomBytes(32).toString('hex')),
  /** How long a signed URL of the local agent can be used (once). */
  VOICE_URL_TTL_SECONDS: z.coerce.number().int().min(5).default(60),
  /**
   * How long a call whose socket dropped can be resumed (POST /api/voice/sessions/:id/resume);
   * after it the sweeper ends the call as it stood at the drop.
   */
  VOICE_RESUME_WINDOW_MS: z.coerce.number().int().min(1_000).default(120_000),
  /** How often open sessions are checked against the 20-minute limit and expired URLs. */
  VOICE_SWEEP_INTERVAL_MS: z.coerce.number().int().min(10).default(10_000),
  /**
   * Where users reach the app (https://prep.example.com): the agent's URLs are its ws(s) twin.
   * Unset, they are relative to the page. Never taken from a request's Host.
   */
  PUBLIC_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  /** Audio a client may send ahead of real time (network jitter); faster chunks are dropped. */
  VOICE_AUDIO_AHEAD_MS: z.coerce.number().int().min(250).default(5_000),
  /** The local agent's heartbeat (spec: the client answers each ping with a pong). */
  VOICE_PING_INTERVAL_MS: z.coerce.number().int().min(50).default(5_000),
  /** Silence that ends the candidate's turn: generous, people pause while thinking. */
  VOICE_END_OF_TURN_MS: z.coerce.number().int().min(200).default(1_800),
  /**
   * The same on a technical or design question, where candidates stop to think mid-answer (issue
   * 24: a 2.5 s pause must not be taken for the end); "I'm done" on the page ends a turn at once.
   */
  VOICE_THINKING_PAUSE_MS: z.coerce.number().int().min(200).default(3_500),
  /**
   * The local interviewer's voice, one of those Flite's WASI build carries: rms (the default: the
   * one pocketsphinx reads back best), slt, awb or kal16 (bench/voice/voices.mjs compares them).
   */
  VOICE_TTS_VOICE: z.enum(['rms', 'slt', 'awb', 'kal16']).default('rms'),
  /** Flite's duration_stretch: 1.1 puts rms at about 160 words a minute. */
  VOICE_TTS_STRETCH: z.coerce.number().min(0.5).max(2).default(1.1),
  /** The offline recogniser (Debian pocketsphinx); "none" turns transcription off. */
  VOICE_ASR_COMMAND: z.string().default('pocketsphinx_continuous'),
  ELEVENLABS_API_KEY: optionalString,
  ELEVENLABS_AGENT_ID: optionalString,
  ELEVENLABS_API_URL: z.string().url().default('https://api.elevenlabs.io'),
  /**
   * The HMAC secret of the workspace webhook ElevenLabs calls after each conversation (post-call
   * transcription, to /api/elevenlabs/post-call). Unset, that endpoint answers 404 and the
   * transcript and charge come from polling alone (docs/voice-credits.md).
   */
  ELEVENLABS_WEBHOOK_SECRET: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  /**
   * The poller's beat: how often bound ElevenLabs calls whose record is not final are looked for,
   * and the first wait between two reads of one record (it doubles, up to ELEVENLABS_POLL_MAX_MS).
   */
  ELEVENLABS_POLL_INTERVAL_MS: z.coerce.number().int().min(10).default(5_000),
  ELEVENLABS_POLL_MAX_MS: z.coerce.number().int().min(10).default(120_000),
};

export type VoiceConfig = BaseConfig & z.infer<z.ZodObject<typeof voiceConfigShape>>;
