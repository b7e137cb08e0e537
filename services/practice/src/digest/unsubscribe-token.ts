import { createHmac, timingSafeEqual } from 'node:crypto';

const purpose = 'review-email-unsubscribe:';
const mac = (key: Buffer, id: Buffer) => createHmac('sha256', key).update(purpose).update(id).digest();

/** The unsubscribe link's token: the user's id (16 bytes) and its HMAC-SHA256 under `key`, base64url (64 characters). */
export function signUnsubscribeToken(key: Buffer, userId: string): string {
  const id = Buffer.from(userId.replace(/-/g, ''), 'hex');
  return Buffer.concat([id, mac(key, id)]).toString('base64url');
}

/** The user id a token was signed for, or undefined for anything not signed with `key`. */
export function verifyUnsubscribeToken(key: Buffer, token: string): string | undefined {
  if (!/^[A-Za-z0-9_-]{64}$/.test(token)) return undefined;
  const raw = Buffer.from(token, 'base64url');
  if (raw.length !== 48) return undefined;
  const id = raw.subarray(0, 16);
  if (!timingSafeEqual(raw.subarray(16), mac(key, id))) return undefined;
  const hex = id.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
