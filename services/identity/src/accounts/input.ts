// What the account routes accept, and their refusals, worded as GoTrue words them.
import { emailSchema, fieldErrors, passwordSchema } from '@app/contracts';
import { GoTrueError } from '../gotrue';
import { normalizeEmail } from './email';

export function checkEmail(value: unknown): string {
  const result = emailSchema.safeParse(value);
  if (!result.success) throw new GoTrueError(400, 'validation_failed', result.error.issues[0].message);
  return normalizeEmail(result.data);
}

/** The login form's rule, so a bypassed form gets the same answer (422 weak_password). */
export function checkPassword(value: unknown): string {
  const result = passwordSchema.safeParse(value);
  if (!result.success) {
    const reasons = Object.values(fieldErrors(result.error));
    throw new GoTrueError(422, 'weak_password', reasons[0], { weak_password: { reasons: result.error.issues.map((i) => i.message) } });
  }
  return result.data;
}

export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export const otpInvalid = () => new GoTrueError(403, 'otp_expired', 'Token has expired or is invalid');
export const tooMany = (message: string, wait: number, code = 'over_request_rate_limit') =>
  new GoTrueError(429, code, message, {}, { 'Retry-After': String(Math.max(1, Math.ceil(wait))) });
