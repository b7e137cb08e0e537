import { z } from 'zod';

export * from './moderators';

/**
 * The login form's rules (spec section 5), which identity applies on sign-up and on every new
 * password. Any printable character is accepted (NIST SP 800-63B: symbols, spaces and any
 * script), so a strong password is never refused for its symbols; the spec's minimum length and
 * its one letter and one digit stay, each with its own message (docs/accounts.md).
 */
export const passwordRules = {
  minLength: 6,
  /** Control characters (tabs, line breaks, NUL) and lone surrogates cannot be typed, only injected. */
  unprintable: /[\p{Cc}\p{Cs}]/u,
  letter: /\p{L}/u,
  digit: /\p{Nd}/u,
  messages: {
    tooShort: 'Password must be at least 6 characters',
    unprintable: 'Password can only contain characters you can type (no tabs or line breaks)',
    letterAndDigit: 'Password must contain at least one letter and one digit',
  },
} as const;

export const emailSchema = z.string({ error: 'Invalid email address' }).trim().email({ message: 'Invalid email address' });

export const passwordSchema = z
  .string({ error: passwordRules.messages.tooShort })
  .min(passwordRules.minLength, { message: passwordRules.messages.tooShort })
  .refine((p) => !passwordRules.unprintable.test(p), { message: passwordRules.messages.unprintable })
  .refine((p) => passwordRules.letter.test(p) && passwordRules.digit.test(p), { message: passwordRules.messages.letterAndDigit });

export const credentialsSchema = z.object({ email: emailSchema, password: passwordSchema });
export type Credentials = z.infer<typeof credentialsSchema>;

/** The code of a confirmation mail: identity sends 6 digits, a Supabase project 6 to 10. */
export const confirmationCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6,10}$/, { message: 'Enter the code from the e-mail (6 digits)' }),
});
export type ConfirmationCode = z.infer<typeof confirmationCodeSchema>;

/** What a verified access token says about its bearer, as services see it. */
export const authUserSchema = z.object({
  id: z.string().uuid(),
  email: z.string().nullable(),
  role: z.string(),
  session_id: z.string().nullable(),
  /** The e-mail has been proven by a confirmation identity sent to it; anything that trusts the address waits for this. */
  email_verified: z.boolean(),
  app_metadata: z.record(z.string(), z.unknown()),
  user_metadata: z.record(z.string(), z.unknown()),
});
export type AuthUser = z.infer<typeof authUserSchema>;
