import RageClick from '@posthog/browser-common/rageclick';
import { analyticsLimits, limitFor, luhnValid, rageClick, redacted, sanitiseEvent, scrub } from './product-analytics-privacy';

const jwt = 'eyJhbGciOiJFUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjMifQ.c2lnbmF0dXJl';

describe('scrub', () => {
  it.each([
    ['an e-mail in text', 'Signed in as jane.doe+jobs@example.co.uk today', `Signed in as ${redacted.email} today`],
    ['a percent-encoded e-mail in a URL', 'https://app.test/?ref=jane%40example.com&x=1', `https://app.test/?ref=${redacted.email}&x=1`],
    [
      'tokens in an auth redirect hash',
      `https://app.test/#access_token=${jwt}&expires_in=3600&refresh_token=r1x2y3`,
      `https://app.test/#access_token=${redacted.token}&expires_in=3600&refresh_token=${redacted.token}`,
    ],
    ['a reset link token', 'https://app.test/reset?token=abc123&type=recovery', `https://app.test/reset?token=${redacted.token}&type=recovery`],
    ['a bare JWT', `Bearer ${jwt}`, `Bearer ${redacted.token}`],
    ['a card number with spaces', 'Card 4111 1111 1111 1111 declined', `Card ${redacted.card} declined`],
    ['a card number with dashes', '5500-0000-0000-0004', redacted.card],
    ['a 13-digit card number', '4222222222222', redacted.card],
    ['a 19-digit card number', '6011000000000000001', redacted.card],
    ['a social-security-like number', 'SSN 123-45-6789 on file', `SSN ${redacted.ssn} on file`],
    ['digits that fail the Luhn check', 'Order 4111 1111 1111 1112', 'Order 4111 1111 1111 1112'],
    ['a 12-digit number', '411111111111', '411111111111'],
    ['a date and a count', 'Reviewed 2026-11-23, 12 problems', 'Reviewed 2026-11-23, 12 problems'],
    ['a plain path', '/leetcode/review/3', '/leetcode/review/3'],
  ])('%s', (_case, input, expected) => expect(scrub(input)).toBe(expected));
});

describe('luhnValid', () => {
  it.each([
    ['4111111111111111', true],
    ['79927398713', true],
    ['79927398710', false],
    ['4111111111111112', false],
  ])('%s → %s', (digits, valid) => expect(luhnValid(digits)).toBe(valid));
});

describe('limitFor', () => {
  it.each([
    ['$el_text', analyticsLimits.elementText],
    ['text', analyticsLimits.elementText],
    ['attr__href', analyticsLimits.href],
    ['$current_url', analyticsLimits.href],
    ['$referrer', analyticsLimits.href],
    ['$initial_current_url', analyticsLimits.href],
    ['title', analyticsLimits.text],
    ['$event_type', analyticsLimits.text],
  ])('%s → %i characters', (key, limit) => expect(limitFor(key)).toBe(limit));
});

describe('sanitiseEvent', () => {
  it('cuts text to 255, element text to 1,024 and links to 2,048 characters, and scrubs every string it holds', () => {
    const long = (n: number) => 'a'.repeat(n);
    const event = sanitiseEvent({
      uuid: '0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
      event: '$autocapture',
      properties: {
        distinct_id: '7d3f9c2e-1b4a-4c8d-9e0f-123456789012',
        $current_url: `https://app.test/leetcode?${long(3000)}`,
        title: long(300),
        $el_text: long(2000),
        $elements: [{ tag_name: 'a', $el_text: `Mail jane@example.com ${long(1100)}`, attr__href: `/x?${long(2100)}`, nth_child: 1 }],
        $elements_chain: `a.link:text="Mail jane@example.com"href="/p#access_token=${jwt}"nth-child="1";div:nth-child="2"`,
        nested: { notes: ['SSN 123-45-6789', 42, null] },
      },
      $set: { $initial_current_url: 'https://app.test/?email=sam@example.org' },
    });
    const p = event.properties;
    expect(event.uuid).toBe('0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b');
    expect(p.distinct_id).toBe('7d3f9c2e-1b4a-4c8d-9e0f-123456789012');
    expect((p.$current_url as string).length).toBe(2048);
    expect((p.title as string).length).toBe(255);
    expect((p.$el_text as string).length).toBe(1024);
    const [element] = p.$elements as Array<Record<string, unknown>>;
    expect(element.$el_text).toMatch(/^Mail \[email\] a+$/);
    expect((element.$el_text as string).length).toBe(1024);
    expect((element.attr__href as string).length).toBe(2048);
    expect(element.nth_child).toBe(1);
    expect(p.$elements_chain).toBe(`a.link:text="Mail ${redacted.email}"href="/p#access_token=${redacted.token}"nth-child="1";div:nth-child="2"`);
    expect(p.nested).toEqual({ notes: [`SSN ${redacted.ssn}`, 42, null] });
    expect(event.$set).toEqual({ $initial_current_url: `https://app.test/?email=${redacted.email}` });
    expect(JSON.stringify(event)).not.toMatch(/@example|eyJ/);
  });
});

describe('rage click (posthog-js detector with the spec’s settings)', () => {
  // [x, y, ms] clicks → which click, if any, is reported as a rage click.
  it.each<[string, Array<[number, number, number]>, number | null]>([
    [
      '3 clicks on one spot within a second',
      [
        [100, 100, 0],
        [101, 100, 300],
        [100, 101, 600],
      ],
      2,
    ],
    [
      '3 clicks spread over 29 px',
      [
        [100, 100, 0],
        [110, 105, 200],
        [100, 110, 400],
      ],
      2,
    ],
    [
      'clicks 30 px apart',
      [
        [100, 100, 0],
        [130, 100, 200],
        [160, 100, 400],
      ],
      null,
    ],
    [
      'clicks 1,000 ms apart',
      [
        [100, 100, 0],
        [100, 100, 1000],
        [100, 100, 2000],
      ],
      null,
    ],
    [
      '2 clicks only',
      [
        [100, 100, 0],
        [100, 100, 100],
      ],
      null,
    ],
    [
      'a far click, then 3 close ones',
      [
        [500, 500, 0],
        [100, 100, 100],
        [100, 100, 200],
        [100, 100, 300],
      ],
      3,
    ],
  ])('%s', (_case, clicks, rageAt) => {
    const detector = new RageClick(rageClick);
    const reported = clicks.map(([x, y, ms]) => detector.isRageClick(x, y, ms));
    expect(reported.indexOf(true)).toBe(rageAt ?? -1);
  });
});
