import { randomBytes } from 'node:crypto';
import { openToken, sealToken } from './sealed-token';

describe('sealed tokens', () => {
  const first = { id: 1, key: randomBytes(32) };
  const second = { id: 2, key: randomBytes(32) };
  const payload = Buffer.from('0d6c1a523f0a4a4e8d365a8f2b3c4d5e01', 'hex');
  const later = new Date(Date.now() + 60_000);

  it('opens for its purpose before it expires, and says nothing in the clear', () => {
    const token = sealToken(first, 'unsubscribe', payload, later);
    expect(openToken([first], 'unsubscribe', token)).toEqual(payload);
    expect(Buffer.from(token, 'base64url').includes(payload.subarray(0, 8))).toBe(false);
  });

  it('refuses another purpose, an expired token, a changed byte and an unknown key', () => {
    const token = sealToken(first, 'unsubscribe', payload, later);
    expect(openToken([first], 'recovery', token)).toBeUndefined();
    expect(openToken([first], 'unsubscribe', token, new Date(later.getTime() + 1000))).toBeUndefined();
    const raw = Buffer.from(token, 'base64url');
    raw[20] ^= 1;
    expect(openToken([first], 'unsubscribe', raw.toString('base64url'))).toBeUndefined();
    expect(openToken([second], 'unsubscribe', token)).toBeUndefined();
    expect(openToken([first], 'unsubscribe', 'short')).toBeUndefined();
  });

  it('rotates: the newest key seals, an older one still kept opens its tokens, a dropped one does not', () => {
    const old = sealToken(first, 'unsubscribe', payload, later);
    const fresh = sealToken(second, 'unsubscribe', payload, later);
    expect(openToken([second, first], 'unsubscribe', old)).toEqual(payload);
    expect(openToken([second, first], 'unsubscribe', fresh)).toEqual(payload);
    expect(openToken([second], 'unsubscribe', old)).toBeUndefined();
  });
});
