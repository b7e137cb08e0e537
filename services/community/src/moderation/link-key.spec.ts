import { linkKey } from './link-key';

describe('linkKey', () => {
  it('treats scheme, host case, default port, trailing slash and tracking parameters as the same link', () => {
    const key = linkKey('https://careers.example.com/jobs/123?team=infra');
    for (const same of [
      'http://careers.example.com/jobs/123?team=infra',
      'https://Careers.EXAMPLE.com/jobs/123/?team=infra',
      'https://careers.example.com:443/jobs/123?utm_source=x&team=infra&utm_campaign=y',
      'https://careers.example.com/jobs/123?team=infra&gclid=abc&ref=linkedin#',
    ])
      expect(linkKey(same)).toBe(key);
  });

  it('keeps what can name another posting: path case, other parameters, fragment', () => {
    const key = linkKey('https://example.com/jobs/123?team=infra');
    expect(linkKey('https://example.com/Jobs/123?team=infra')).not.toBe(key);
    expect(linkKey('https://example.com/jobs/123?team=data')).not.toBe(key);
    expect(linkKey('https://example.com/jobs/124?team=infra')).not.toBe(key);
    expect(linkKey('https://example.com/#/jobs/1')).not.toBe(linkKey('https://example.com/#/jobs/2'));
  });

  it('sorts the remaining parameters', () => {
    expect(linkKey('https://example.com/a?b=2&a=1')).toBe(linkKey('https://example.com/a/?a=1&b=2'));
  });
});
