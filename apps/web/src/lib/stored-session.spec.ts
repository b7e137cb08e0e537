import { STORED_SESSION_MARGIN_MS, usableStoredSession } from './stored-session';

const now = Date.UTC(2026, 10, 29, 12, 0, 0);
const session = (fields: Record<string, unknown> = {}) =>
  JSON.stringify({
    access_token: 'token-1',
    refresh_token: 'refresh-1',
    expires_at: now / 1000 + 3600,
    user: { id: 'user-1', email: 'a@example.com' },
    ...fields,
  });

describe('usableStoredSession', () => {
  it('takes a stored session whose access token has more than a minute left, as it is', () => {
    expect(usableStoredSession(session(), now)).toMatchObject({ access_token: 'token-1', user: { id: 'user-1' } });
    expect(usableStoredSession(session({ expires_at: (now + STORED_SESSION_MARGIN_MS + 1000) / 1000 }), now)).not.toBeNull();
  });

  it.each([
    ['nothing stored', null],
    ['a token with a minute or less left (auth-js refreshes it)', session({ expires_at: (now + STORED_SESSION_MARGIN_MS) / 1000 })],
    ['an expired token', session({ expires_at: now / 1000 - 10 })],
    ['no access token', session({ access_token: undefined })],
    ['an empty access token', session({ access_token: '' })],
    ['no expiry', session({ expires_at: undefined })],
    ['an expiry that is not a number', session({ expires_at: '2026-11-29' })],
    ['no user', session({ user: null })],
    ['a user without an id', session({ user: { email: 'a@example.com' } })],
    ['text that is not JSON', '{"access_token":'],
    ['JSON that is not a session', '"token-1"'],
  ])('leaves %s to auth-js', (_case, stored) => {
    expect(usableStoredSession(stored, now)).toBeNull();
  });
});
