import { capMessages, formatCount } from './caps';

describe('formatCount', () => {
  it('groups whole numbers by thousands as toLocaleString("en-US") does', () => {
    for (const n of [0, 7, 20, 999, 1000, 2000, 10_000, 123_456, 1_000_000, -1, -1234, -999_999, Number.MAX_SAFE_INTEGER]) {
      expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
    }
  });

  it('leaves fractions and non-finite numbers to toLocaleString', () => {
    for (const n of [1234.5, -0.25, Infinity, NaN]) expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
  });

  it('writes the caps in the messages grouped', () => {
    expect(capMessages.questions).toBe('You can track at most 2,000 problems');
  });
});
