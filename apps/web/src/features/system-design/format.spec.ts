import { ago, askedAtLine, progressLine } from './format';

const now = new Date('2026-11-28T12:00:00Z');

describe("a prompt card's lines", () => {
  it('says how far the candidate got with a prompt', () => {
    expect(progressLine({ attempts: 0, best_rubric_total: null, last_practised_at: null }, now)).toBe('Not practised yet');
    expect(progressLine({ attempts: 1, best_rubric_total: null, last_practised_at: '2026-11-28T09:00:00Z' }, now)).toBe(
      '1 attempt · not rated yet · last practised today',
    );
    expect(progressLine({ attempts: 3, best_rubric_total: 14, last_practised_at: '2026-11-27T09:00:00Z' }, now)).toBe(
      '3 attempts · best 14/20 · last practised yesterday',
    );
    expect(ago('2026-08-01T00:00:00Z', now)).toBe('3 months ago');
  });

  it('names the companies whose reports asked it, most first', () => {
    const company = (company_name: string, reports: number) => ({ company_id: '00000000-0000-4000-8000-000000000000', company_name, reports });
    expect(askedAtLine({ reports: 0, companies: [] })).toBe('No interview report names it yet');
    expect(askedAtLine({ reports: 6, companies: [company('Google', 3), company('Meta', 2), company('Stripe', 1)] })).toBe(
      'Asked in 6 reports: Google 3, Meta 2, Stripe 1',
    );
  });
});
