import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { z } from 'zod';

/**
 * SIGNING_KEY_ENCRYPTION_KEY: 32 random bytes in base64 (`openssl rand -base64 32`). It seals the
 * private signing keys in the database, so a copy of the table (a backup, a reader of the schema)
 * cannot sign tokens. Required: identity refuses to start without it (the launcher makes one).
 */
export const signingKeyEncryptionKey = z
  .string({ error: 'required: 32 random bytes in base64 (openssl rand -base64 32)' })
  .transform((v) => Buffer.from(v, 'base64'))
  .refine((key) => key.length === 32, 'must be 32 bytes in base64 (openssl rand -base64 32)');

const version = 'v1';

/** AES-256-GCM; the key id is authenticated with it, so a sealed key moved to another row does not open. */
export function sealPrivateKey(jwk: object, kid: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(kid));
  const sealed = Buffer.concat([cipher.update(JSON.stringify(jwk), 'utf8'), cipher.final()]);
  return [version, iv, cipher.getAuthTag(), sealed].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
}

export function openPrivateKey<T>(sealed: string, kid: string, key: Buffer): T {
  const [v, iv, tag, data] = sealed.split('.');
  if (v !== version || !iv || !tag || !data) throw new Error(`signing key ${kid}: not a sealed key`);
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url')).setAAD(Buffer.from(kid));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  try {
    return JSON.parse(Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8')) as T;
  } catch {
    throw new Error(`signing key ${kid} does not open with SIGNING_KEY_ENCRYPTION_KEY (a different key than the one that sealed it?)`);
  }
}
