import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CompanyInsights, companyInsightsSchema } from '@app/contracts';
import { publishEvent, TestUser, waitFor } from '@app/service-kit/testing';
import request from 'supertest';
import { interviewsService } from '../src';
import { OfferRangesPublisher } from '../src/candidate-interviews/offer-ranges';
import { company, env, startInterviews, svc } from './fixtures';

jest.setTimeout(180_000);

type Auth = { Authorization: string };
type Offer = { currency: string; base: number; bonus?: number; equity?: number; level?: string };

const dayMs = 24 * 60 * 60 * 1000;
const sample = JSON.parse(readFileSync(path.join(__dirname, '../../../scripts/sample-data.json'), 'utf8')) as {
  author: { user_id: string };
  interviews: { offer?: Offer }[];
};

/** Issue 35 item 1: a salary cannot be recovered from a company's offer ranges. */
describe('interviews: offer ranges are published daily from enough real accounts', () => {
  startInterviews();

  /**
   * An account as identity announces it, registered `ageDays` ago, whose tokens say whether its
   * e-mail is confirmed; answered once interviews has heard of its registration.
   */
  const account = async ({ ageDays = 8, confirmed = true } = {}): Promise<Auth> => {
    const user: TestUser = env.newUser();
    const registeredAt = new Date(Date.now() - ageDays * dayMs).toISOString();
    await publishEvent(env, 'identity.user.registered', { user_id: user.id, created_at: registeredAt });
    await waitFor(async () => (await svc.db.query('SELECT 1 FROM known_accounts WHERE user_id = $1', [user.id])).rows.length > 0);
    return { Authorization: `Bearer ${await env.token(user, { email_verified: confirmed })}` };
  };
  const share = async (auth: Auth, companyId: string, offer: Offer): Promise<string> =>
    (
      await request(svc.url)
        .post('/api/candidate-interviews')
        .set(auth)
        .send({ company_id: companyId, outcome: 'offer', interview_process: [{ round: 'Other' }], offer })
        .expect(201)
    ).body.data.id;
  const remove = (auth: Auth, id: string) => request(svc.url).delete(`/api/candidate-interviews/${id}`).set(auth).expect(204);
  const insights = async (name: string): Promise<CompanyInsights> =>
    companyInsightsSchema.parse(
      (
        await request(svc.url)
          .get(`/api/all-companies/${encodeURIComponent(name)}/insights`)
          .set(await account())
          .expect(200)
      ).body,
    );
  const publisher = () => svc.app.get(OfferRangesPublisher);
  /** The next UTC day comes: the last publication is a day older, and the service's daily check runs. */
  const nextDay = async () => {
    await svc.db.query("UPDATE offer_ranges_publication SET published_at = published_at - interval '1 day'");
    expect(await publisher().publishIfDue()).toBe(true);
  };

  it('shows nothing from four accounts, a rounded range from five at the next daily publication, and nothing in between', async () => {
    const acme = await company('Five Accounts Acme');
    const bases = [150_400, 170_900, 187_345, 201_250];
    for (const base of bases) await share(await account(), acme.id, { currency: 'CHF', base, bonus: 20_000 + Math.round(base / 10) });
    await nextDay();
    expect((await insights(acme.name)).offer_ranges).toEqual([]);

    await share(await account(), acme.id, { currency: 'CHF', base: 230_600, bonus: 41_000 });
    // Written, but not published: the page says what it said this morning.
    expect((await insights(acme.name)).offer_ranges).toEqual([]);
    expect(await publisher().publishIfDue()).toBe(false);

    await nextDay();
    const after = await insights(acme.name);
    // Base quartiles 170,900 / 187,345 / 201,250 and bonus 37,090 / 38,735 / 40,125, each to the nearest 1,000 CHF.
    expect(after.offer_ranges).toEqual([
      {
        currency: 'CHF',
        level: null,
        reports: 5,
        base: { p25: 171_000, median: 187_000, p75: 201_000 },
        bonus: { p25: 37_000, median: 39_000, p75: 40_000 },
        equity: null,
      },
    ]);
    expect(after.offer_ranges_published_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it("replays issue 35's attack: the outliers count nowhere, and deleting and re-posting a report twelve times changes nothing until the next day", async () => {
    const victim = await company('Attacked Acme');
    const attacker = await account();
    const honest = [await account(), await account(), await account(), await account()];
    await share(honest[0], victim.id, { currency: 'CHF', base: 187_345, bonus: 31_234 });
    for (const [i, auth] of honest.slice(1).entries()) await share(auth, victim.id, { currency: 'CHF', base: 160_000 + 25_000 * i, bonus: 25_000 });
    // The attacker's two outliers: below and above the plausible band, so neither is counted.
    await share(attacker, victim.id, { currency: 'CHF', base: 1 });
    await share(attacker, victim.id, { currency: 'CHF', base: 10_000_000_000 });
    await nextDay();
    expect((await insights(victim.name)).offer_ranges).toEqual([]);

    let low = await share(attacker, victim.id, { currency: 'CHF', base: 100_000, bonus: 0 });
    await nextDay();
    const published = await insights(victim.name);
    expect(published.offer_ranges).toHaveLength(1);
    expect(published.offer_ranges[0].reports).toBe(5);
    const before = JSON.stringify(published);

    // Twelve deletes and re-posts of the low report, each with another base and bonus, read after each.
    for (let i = 1; i <= 12; i++) {
      await remove(attacker, low);
      low = await share(attacker, victim.id, { currency: 'CHF', base: 100_000 + 15_000 * i, bonus: 2_000 * i });
      expect(JSON.stringify(await insights(victim.name))).toBe(before);
    }
    // More reports of one account in one currency count once.
    await share(attacker, victim.id, { currency: 'CHF', base: 190_000, bonus: 30_000 });
    await nextDay();
    const next = await insights(victim.name);
    expect(next.offer_ranges[0].reports).toBe(5);
    for (const figure of [next.offer_ranges[0].base, next.offer_ranges[0].bonus!]) {
      for (const value of Object.values(figure)) expect(value % 1_000).toBe(0);
    }
  });

  it('counts no account that is too new, unconfirmed or unknown here (the sample data), and no sample report', async () => {
    const acme = await company('Who Counts Acme');
    const gbp = (base: number): Offer => ({ currency: 'GBP', base, level: 'L5' });
    for (const base of [70_000, 75_000, 80_000, 85_000, 90_000]) await share(await account(), acme.id, gbp(base));
    await share(await account({ ageDays: 6 }), acme.id, gbp(500_000));
    await share(await account({ confirmed: false }), acme.id, gbp(500_000));
    // The sample data's reports, as `npm run admin -- sample-data` writes them (behind the service's back), moved to this company.
    for (const { offer } of sample.interviews.filter((r) => r.offer)) {
      await svc.db.query(
        `INSERT INTO candidate_interviews (user_id, company_id, outcome, rounds, round_count, offer_currency, offer_base, offer_bonus, offer_equity, offer_level)
         VALUES ($1, $2, 'offer', '[]', 0, 'GBP', $3, $4, $5, 'L5')`,
        [sample.author.user_id, acme.id, offer!.base, offer!.bonus ?? null, offer!.equity ?? null],
      );
    }
    await nextDay();
    const base = { p25: 75_000, median: 80_000, p75: 85_000 };
    expect((await insights(acme.name)).offer_ranges).toEqual([
      { currency: 'GBP', level: null, reports: 5, base, bonus: null, equity: null },
      { currency: 'GBP', level: 'L5', reports: 5, base, bonus: null, equity: null },
    ]);
  });

  it('counts an account that confirms its e-mail later once a confirmed token writes again (an outcome change)', async () => {
    const acme = await company('Confirmed Later Acme');
    for (const base of [100_000, 110_000, 120_000, 130_000]) await share(await account(), acme.id, { currency: 'EUR', base });
    const late: TestUser = env.newUser();
    await publishEvent(env, 'identity.user.registered', {
      user_id: late.id,
      created_at: new Date(Date.now() - 30 * dayMs).toISOString(),
    });
    const unconfirmed = { Authorization: `Bearer ${await env.token(late, { email_verified: false })}` };
    const id = await share(unconfirmed, acme.id, { currency: 'EUR', base: 140_000 });
    await nextDay();
    expect((await insights(acme.name)).offer_ranges).toEqual([]);

    const confirmed = { Authorization: `Bearer ${await env.token(late)}` };
    await request(svc.url).patch(`/api/candidate-interviews/${id}`).set(confirmed).send({ outcome: 'accepted' }).expect(200);
    await nextDay();
    expect((await insights(acme.name)).offer_ranges).toMatchObject([{ currency: 'EUR', reports: 5, base: { p25: 110_000, median: 120_000, p75: 130_000 } }]);
  });

  it('leaves out a bonus beyond the band on its own, and publishes nothing in a currency without a band', async () => {
    const acme = await company('Band Acme');
    const accounts = [await account(), await account(), await account(), await account(), await account()];
    for (const [i, auth] of accounts.entries()) {
      await share(auth, acme.id, { currency: 'USD', base: 120_000 + 10_000 * i, bonus: i === 0 ? 9_000_000_000 : 10_000 * i });
      await share(auth, acme.id, { currency: 'XOF', base: 30_000_000 + 1_000_000 * i });
    }
    await nextDay();
    const [usd, ...others] = (await insights(acme.name)).offer_ranges;
    expect(others).toEqual([]);
    // Four bonuses are counted: too few for a bonus range; the base range has all five.
    expect(usd).toMatchObject({ currency: 'USD', reports: 5, base: { p25: 130_000, median: 140_000, p75: 150_000 }, bonus: null });
  });

  it('publishes once a day however many replicas check at once', async () => {
    const second = await env.start(interviewsService);
    try {
      await svc.db.query("UPDATE offer_ranges_publication SET published_at = published_at - interval '1 day'");
      const checks = await Promise.all(
        [publisher(), second.app.get(OfferRangesPublisher), publisher(), second.app.get(OfferRangesPublisher)].map((p) => p.publishIfDue()),
      );
      expect(checks.filter(Boolean)).toHaveLength(1);
    } finally {
      await env.stop(second);
    }
  });
});
