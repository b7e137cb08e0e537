import { dayWithOrdinal, logoPath, ordinal, processDuration, roundsLabel, visibleTopics } from './format';

describe('interview card wording', () => {
  it('writes ordinal days', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 31].map(ordinal)).toEqual(['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '23rd', '31st']);
    expect(dayWithOrdinal('2024-03-02')).toBe('March 2nd, 2024');
    expect(dayWithOrdinal('2023-12-31')).toBe('December 31st, 2023');
    expect(dayWithOrdinal('2024-03')).toBe('March 2024');
  });

  it('shows the process in days under a week, weeks under 30 days, then months', () => {
    expect([0, 1, 6, 7, 13, 14, 29, 30, 59, 60, 400].map(processDuration)).toEqual([
      '0 days',
      '1 day',
      '6 days',
      '1 week',
      '1 week',
      '2 weeks',
      '4 weeks',
      '1 month',
      '1 month',
      '2 months',
      '13 months',
    ]);
  });

  it('counts rounds, shortens topics and builds logo paths', () => {
    expect([roundsLabel(1), roundsLabel(3)]).toEqual(['1 Round', '3 Rounds']);
    expect(visibleTopics(['A', 'B', 'C', 'D', 'E'])).toEqual({ shown: ['A', 'B', 'C'], more: 2 });
    expect(visibleTopics(['A'])).toEqual({ shown: ['A'], more: 0 });
    expect(logoPath('Jane Street')).toBe('/logos/jane-street.png');
    expect(logoPath('OpenAI')).toBe('/logos/openai.png');
  });
});
