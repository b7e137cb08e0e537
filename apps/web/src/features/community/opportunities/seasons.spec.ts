import { readFileSync } from 'node:fs';
import path from 'node:path';
import { seasonTerms } from '@app/contracts';
import { seasonChoices } from './seasons';

const names = (choices: Array<[string, string]>) => choices.map(([value]) => value);

describe('seasons offered', () => {
  const today = new Date(2026, 10, 28); // 28 November 2026: Fall 2026 ends with the month

  it('offers a new opportunity the season under way and those to come, never one that is over', () => {
    const offered = names(seasonChoices(undefined, { upcoming: true, today }));
    expect(offered.slice(0, 3)).toEqual(['Fall 2026', 'Winter 2026', 'Spring 2027']);
    expect(offered.at(-1)).toBe('Winter 2028');
    expect(offered).not.toContain('Summer 2026');
    expect(offered).not.toContain('Winter 2025');
    expect(names(seasonChoices(undefined, { upcoming: true, today: new Date(2026, 11, 1) }))[0]).toBe('Winter 2026');
    // In January, last December's winter is still under way.
    expect(names(seasonChoices(undefined, { upcoming: true, today: new Date(2027, 0, 15) }))[0]).toBe('Winter 2026');
  });

  it('keeps a stored season a correction must show, even one that is over', () => {
    expect(names(seasonChoices('Spring 2026', { upcoming: true, today }))[0]).toBe('Spring 2026');
    expect(names(seasonChoices('unknown', { upcoming: true, today }))[0]).toBe('Fall 2026');
  });

  it("filters the list by this year's seasons and the next two years'", () => {
    const filter = names(seasonChoices(undefined, { today }));
    expect(filter).toHaveLength(12);
    expect(filter[0]).toBe('Spring 2026');
  });

  it("names seasons in the sample community with the form's words (Fall, never Autumn)", () => {
    const sample = JSON.parse(readFileSync(path.join(__dirname, '../../../../../../scripts/sample-data.json'), 'utf8')) as {
      opportunities: Array<{ season: string | null }>;
    };
    const terms = sample.opportunities.flatMap((o) => (o.season ? [o.season.split(' ')[0]] : []));
    expect(terms.length).toBeGreaterThan(0);
    expect(terms.filter((t) => !(seasonTerms as readonly string[]).includes(t))).toEqual([]);
  });
});
