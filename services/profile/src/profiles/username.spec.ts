import { emailMatchesWebsite, usernameCandidate } from './username';

describe('usernameCandidate', () => {
  it.each([
    ['ada.lovelace@example.com', 1, 'ada.lovelace'],
    ['Ada+Tag@example.com', 1, 'adatag'],
    ['x@example.com', 1, 'xuser'],
    ['__@example.com', 1, 'user'],
    ['a-very-long-local-part-that-goes-on@example.com', 1, 'a-very-long-local-part-that-go'],
    ['a-very-long-local-part-that-goes-on@example.com', 12, 'a-very-long-local-part-that-12'],
    ['jane@example.com', 2, 'jane2'],
  ])('%s (attempt %i) → %s', (email, attempt, expected) => {
    const name = usernameCandidate(email, attempt);
    expect(name).toBe(expected);
    expect(name.length).toBeGreaterThanOrEqual(2);
    expect(name.length).toBeLessThanOrEqual(30);
  });
});

describe('emailMatchesWebsite', () => {
  it.each([
    ['jane@google.com', 'https://www.google.com', true],
    ['jane@eng.google.com', 'https://google.com', true],
    ['jane@GOOGLE.com', 'google.com', true],
    ['jane@notgoogle.com', 'https://www.google.com', false],
    ['jane@google.com.evil.io', 'https://google.com', false],
    ['jane@gmail.com', 'https://www.google.com', false],
    ['jane@google.com', null, false],
    [null, 'https://google.com', false],
    ['jane@google.com', 'not a url at all', false],
  ])('%s on %s → %s', (email, site, expected) => expect(emailMatchesWebsite(email, site)).toBe(expected));
});
