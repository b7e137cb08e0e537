import { z } from 'zod';

/** The login form's rules (spec section 5); identity applies the same password rule on sign-up. */
export const passwordRules = {
  minLength: 6,
  pattern: /^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d]+$/,
  messages: {
    tooShort: 'Password must be at least 6 characters',
    letterAndDigit: 'Password must contain at least one letter and one digit',
  },
} as const;

export const emailSchema = z.string({ error: 'Invalid email address' }).trim().email({ message: 'Invalid email address' });

export const passwordSchema = z
  .string({ error: passwordRules.messages.tooShort })
  .min(passwordRules.minLength, { message: passwordRules.messages.tooShort })
  .regex(passwordRules.pattern, { message: passwordRules.messages.letterAndDigit });

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

export const moderatorRole = 'moderator';
export const isModerator = (user: Pick<AuthUser, 'app_metadata'>) => user.app_metadata?.role === moderatorRole;
