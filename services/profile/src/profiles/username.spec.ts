import { usernameBase, usernameCandidate } from './username';

const valid = /^[a-z0-9._-]{2,30}$/;

describe('usernameBase', () => {
  it.each([
    ['ada.lovelace@example.com', 'ada.lovelace'],
    ['Grace_Hopper@example.com', 'grace_hopper'],
    ['jane+interviews@gmail.com', 'jane'],
    ['José.Núñez@example.com', 'jose.nunez'],
    ["o'brien@example.com", 'obrien'],
    ['x@example.com', 'xuser'],
    ['__@example.com', 'user'],
    ['.dots.@example.com', 'dots'],
    ['李@example.com', 'user'],
    ['', 'user'],
    ['a-very-long-local-part-that-goes-on@example.com', 'a-very-long-local-part-that-go'],
    [`${'a'.repeat(29)}.bcd@example.com`, 'a'.repeat(29)],
  ])('%j → %j', (email, expected) => {
    expect(usernameBase(email)).toBe(expected);
    expect(usernameBase(email)).toMatch(valid);
  });
});

describe('usernameCandidate', () => {
  it.each([
    ['jane@example.com', 1, 'jane'],
    ['jane@example.com', 2, 'jane2'],
    ['jane@example.com', 137, 'jane137'],
    ['a-very-long-local-part-that-goes-on@example.com', 12, 'a-very-long-local-part-that-12'],
    ['x@example.com', 3, 'xuser3'],
  ])('%s (attempt %i) → %s', (email, attempt, expected) => {
    expect(usernameCandidate(email, attempt)).toBe(expected);
    expect(usernameCandidate(email, attempt)).toMatch(valid);
  });

  it('gives distinct candidates for distinct attempts', () => {
    const names = Array.from({ length: 500 }, (_, i) => usernameCandidate('a-very-long-local-part-that-goes-on@x.io', i + 1));
    expect(new Set(names).size).toBe(500);
  });
});
