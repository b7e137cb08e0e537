import { z } from 'zod';

/** Spec section 9, AI mock interview. */
export const voiceConstants = {
  creditsPerSession: 5,
  sessionLimitMinutes: 20,
  warningLastSeconds: 60,
  defaultInputFormat: 'pcm_16000',
} as const;

export const signedUrlSchema = z.object({ signedUrl: z.string(), sessionId: z.string().uuid() });
export type SignedUrl = z.infer<typeof signedUrlSchema>;

export const creditsSchema = z.object({ balance: z.number().int() });
export type Credits = z.infer<typeof creditsSchema>;

export const voiceSessionSchema = z.object({
  id: z.string().uuid(),
  user_id: z.string().uuid(),
  started_at: z.string(),
  ended_at: z.string().nullable(),
  duration_seconds: z.number().int().nullable(),
});
export type VoiceSession = z.infer<typeof voiceSessionSchema>;
