import { forecastSummary, heatmapSummary, minutesSummary, retentionSummary } from './summaries';

const days = (reviews: number[]) => reviews.map((n, i) => ({ day: `2026-11-${String(i + 1).padStart(2, '0')}`, reviews: n }));

describe('what each chart says in words', () => {
  it.each([
    [[0, 0, 0], 'No reviews in the last 12 weeks.'],
    [[0, 1, 0], /^1 review in the last 12 weeks, on 1 day\. Busiest day: .* with 1 review\.$/],
    [[2, 0, 5], /^7 reviews in the last 12 weeks, on 2 days\. Busiest day: .* with 5 reviews\.$/],
  ])('heatmap %j', (reviews, said) => expect(heatmapSummary(days(reviews))).toMatch(said));

  it('retention bands', () => {
    expect(
      retentionSummary([
        { band: 'Not reviewed', questions: 0 },
        { band: '0–19', questions: 0 },
        { band: '20–39', questions: 0 },
        { band: '40–59', questions: 0 },
        { band: '60–79', questions: 0 },
        { band: '80–100', questions: 0 },
      ]),
    ).toBe('No problems tracked yet.');
    expect(
      retentionSummary([
        { band: 'Not reviewed', questions: 2 },
        { band: '0–19', questions: 0 },
        { band: '20–39', questions: 1 },
        { band: '40–59', questions: 0 },
        { band: '60–79', questions: 0 },
        { band: '80–100', questions: 3 },
      ]),
    ).toBe('Retention of 6 problems: 2 not reviewed, 1 at 20–39%, 3 at 80–100%.');
  });

  it('minutes by difficulty', () =>
    expect(minutesSummary({ Easy: 12.5, Medium: null, Hard: 40 })).toBe('Average time per review: Easy 12.5 min, Medium no reviews yet, Hard 40 min.'));

  it.each([
    [[0, 0], 'Nothing due in the next 14 days.'],
    [[3, 0, 4], /^3 due today, 7 over the next 14 days\. Busiest day: .* with 4\.$/],
  ])('forecast %j', (due, said) => expect(forecastSummary(due.map((n, i) => ({ day: `2026-11-${String(i + 1).padStart(2, '0')}`, due: n })))).toMatch(said));
});
