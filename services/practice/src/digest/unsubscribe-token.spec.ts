import { randomBytes, randomUUID } from 'node:crypto';
import { signUnsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-token';

describe('unsubscribe link tokens', () => {
  const key = randomBytes(32);
  const userId = randomUUID();

  it('says whose e-mail a token it signed turns off', () => {
    const token = signUnsubscribeToken(key, userId);
    expect(token).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(verifyUnsubscribeToken(key, token)).toBe(userId);
  });

  it('refuses a token signed with another key', () => {
    expect(verifyUnsubscribeToken(randomBytes(32), signUnsubscribeToken(key, userId))).toBeUndefined();
  });

  it("refuses another user's id under a valid signature", () => {
    const token = Buffer.from(signUnsubscribeToken(key, userId), 'base64url');
    Buffer.from(randomUUID().replace(/-/g, ''), 'hex').copy(token);
    expect(verifyUnsubscribeToken(key, token.toString('base64url'))).toBeUndefined();
  });

  it.each(['', 'x', 'A'.repeat(64), 'A'.repeat(63), `${'A'.repeat(63)}=`, '../'.repeat(22).slice(0, 64)])('refuses the forged token %j', (token) => {
    expect(verifyUnsubscribeToken(key, token)).toBeUndefined();
  });
});
