import { randomUUID } from 'node:crypto';
import { nameSkeleton, reservedWordIn } from '@app/contracts';
import { usernameCandidate } from './username';

const valid = /^[a-z0-9._-]{2,30}$/;

describe('usernameCandidate', () => {
  it('is "member-" and eight hex digits, the same for an account every time, different between accounts', () => {
    const id = randomUUID();
    expect(usernameCandidate(id)).toMatch(/^member-[0-9a-f]{8}$/);
    expect(usernameCandidate(id)).toBe(usernameCandidate(id));
    expect(usernameCandidate(randomUUID())).not.toBe(usernameCandidate(id));
  });

  it('appends the attempt number after the first, within 30 characters, and is its own skeleton and no reserved word', () => {
    const id = randomUUID();
    const names = Array.from({ length: 500 }, (_, i) => usernameCandidate(id, i + 1));
    expect(names[1]).toBe(`${names[0]}2`);
    expect(new Set(names).size).toBe(500);
    for (const name of names) {
      expect(name).toMatch(valid);
      expect(nameSkeleton(name)).toBe(name);
      expect(reservedWordIn(name)).toBeUndefined();
    }
  });
});
