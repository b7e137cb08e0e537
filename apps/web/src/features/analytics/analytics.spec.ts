import { forecastSummary, heatmapSummary, minutesSummary, retentionSummary, systemDesignSummary, tagRetention, weakestSummary } from './summaries';

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

  describe('weakest tags: a problem never reviewed is not yet reviewed, never 0 %', () => {
    const backtracking = { tag: 'Backtracking', problems: 3, reviewed: 0, mean_retention: null };
    const hashTable = { tag: 'Hash Table', problems: 3, reviewed: 2, mean_retention: 47 };
    const graphs = { tag: 'Graphs', problems: 2, reviewed: 2, mean_retention: 80 };

    it('each tag', () => {
      expect(tagRetention(backtracking)).toBe('not yet reviewed · 3 problems');
      expect(tagRetention(hashTable)).toBe('47% · 3 problems, 1 not yet reviewed');
      expect(tagRetention(graphs)).toBe('80% · 2 problems');
    });

    it.each([
      [[], 'No tag has 2 problems yet: tag your problems to see which topics slip.'],
      [[hashTable, graphs], 'Lowest mean retention: Hash Table 47%, Graphs 80%.'],
      [[hashTable, backtracking], 'Lowest mean retention: Hash Table 47%. Not yet reviewed: Backtracking.'],
      [[backtracking], 'Not yet reviewed: Backtracking.'],
    ])('the panel %#', (tags, said) => expect(weakestSummary(tags)).toBe(said));
  });

  it('System Design', () => {
    const none = { attempts: 0, submitted: 0, prompts_practised: 0, mean_best_rubric_total: null, concept_cards: 0, weakest_concepts: [] };
    expect(systemDesignSummary(none)).toBe('No system design attempts yet.');
    expect(systemDesignSummary({ ...none, attempts: 3, submitted: 2, prompts_practised: 2, mean_best_rubric_total: 13.25, concept_cards: 4 })).toBe(
      '3 attempts (2 submitted) across 2 prompts. Mean best rating 13.3 of 20. 4 concept cards in review.',
    );
  });
});
