import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** A key that seals tokens; `id` (0-255) travels in the clear, so a token finds its key after a rotation. */
export interface TokenKey {
  id: number;
  key: Buffer;
}

/** A uuid as its 16 bytes, the compact payload of a token naming a user. */
export const uuidToBytes = (id: string): Buffer => Buffer.from(id.replace(/-/g, ''), 'hex');
/** …and back. */
export function uuidFromBytes(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * A token for a link in a mail (an unsubscribe address): the payload and an expiry sealed with
 * AES-256-GCM, the purpose bound in as associated data. Nobody reads what it names (a user id is
 * not in the clear), changes it, or uses it for another purpose or after it expires. Keys rotate:
 * the newest seals, every key still kept opens (drop a key to void its tokens). Base64url.
 */
export function sealToken(key: TokenKey, purpose: string, payload: Buffer, expiresAt: Date): string {
  const iv = randomBytes(IV_BYTES);
  const expiry = Buffer.alloc(4);
  expiry.writeUInt32BE(Math.floor(expiresAt.getTime() / 1000));
  const cipher = createCipheriv('aes-256-gcm', key.key, iv);
  cipher.setAAD(Buffer.from(purpose));
  const sealed = Buffer.concat([cipher.update(Buffer.concat([expiry, payload])), cipher.final()]);
  return Buffer.concat([Buffer.from([key.id]), iv, sealed, cipher.getAuthTag()]).toString('base64url');
}

/** The payload of a token sealed for `purpose` under one of `keys` and not expired at `now`; otherwise undefined. */
export function openToken(keys: readonly TokenKey[], purpose: string, token: string, now: Date = new Date()): Buffer | undefined {
  const raw = Buffer.from(token, 'base64url');
  if (raw.length < 1 + IV_BYTES + 4 + TAG_BYTES) return undefined;
  const key = keys.find((k) => k.id === raw[0]);
  if (!key) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key.key, raw.subarray(1, 1 + IV_BYTES));
    decipher.setAAD(Buffer.from(purpose));
    decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
    const plain = Buffer.concat([decipher.update(raw.subarray(1 + IV_BYTES, raw.length - TAG_BYTES)), decipher.final()]);
    if (plain.readUInt32BE(0) * 1000 <= now.getTime()) return undefined;
    return plain.subarray(4);
  } catch {
    return undefined;
  }
}
