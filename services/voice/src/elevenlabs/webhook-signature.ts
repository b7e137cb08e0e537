import { createHmac, timingSafeEqual } from 'node:crypto';

/** ElevenLabs' own tolerance for a delivery's age (its SDKs' constructEvent): 30 minutes. */
export const webhookToleranceSeconds = 30 * 60;

/**
 * ElevenLabs-Signature: `t=<unix seconds>,v0=<hex HMAC-SHA256 of "<t>.<raw body>">`. Answers the
 * signature checked (the replay key) when it holds and is no older (nor newer) than the tolerance;
 * undefined otherwise. Compared in constant time; the raw bytes are signed, never a re-serialisation.
 */
export function verifyWebhookSignature(header: unknown, rawBody: Buffer, secret: string, nowMs: number): string | undefined {
  if (typeof header !== 'string' || header.length > 1_000) return undefined;
  let timestamp: string | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const at = part.indexOf('=');
    const [key, value] = [part.slice(0, at).trim(), part.slice(at + 1).trim()];
    if (key === 't') timestamp = value;
    else if (key === 'v0') signatures.push(value);
  }
  if (!timestamp || !/^\d{1,12}$/.test(timestamp) || signatures.length === 0) return undefined;
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > webhookToleranceSeconds) return undefined;
  const expected = createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest();
  const given = signatures.find((signature) => {
    const bytes = /^[0-9a-f]{64}$/i.test(signature) ? Buffer.from(signature, 'hex') : Buffer.alloc(0);
    return bytes.length === expected.length && timingSafeEqual(bytes, expected);
  });
  return given && `${timestamp}.${given.toLowerCase()}`;
}

/** The header ElevenLabs would send for `rawBody` at `timestamp` (tests and the fake API sign with it). */
export function signWebhook(rawBody: string | Buffer, secret: string, timestamp: number): string {
  return `t=${timestamp},v0=${createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex')}`;
}
