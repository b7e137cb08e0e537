import { randomUUID } from 'node:crypto';
import { companyInsightsSchema, interviewListItemSchema } from '@app/contracts';
import { connect, StringCodec } from 'nats';
import request from 'supertest';
import { company, env, someone, startInterviews, svc } from './fixtures';

jest.setTimeout(90_000);

type Item = ReturnType<typeof interviewListItemSchema.parse>;
type Auth = { Authorization: string };

/** Issue 26 item 4: what was asked per round, the company's most asked questions, helpful marks. */
describe('interviews: reports that teach', () => {
  let alice: Auth;
  let bob: Auth;
  const share = async (body: Record<string, unknown>, auth?: Auth): Promise<Item> =>
    interviewListItemSchema.parse(
      (
        await request(svc.url)
          .post('/api/candidate-interviews')
          .set(auth ?? (await someone()))
          .send(body)
          .expect(201)
      ).body.data,
    );
  const list = (query: Record<string, unknown>, auth: Auth) =>
    request(svc.url)
      .get('/api/candidate-interviews')
      .query({ limit: 100, ...query })
      .set(auth);
  const seenBy = async (id: string, auth: Auth, query: Record<string, unknown> = {}): Promise<Item> =>
    interviewListItemSchema.parse((await list(query, auth).expect(200)).body.find((x: Item) => x.id === id));
  const insights = async (name: string) =>
    companyInsightsSchema.parse(
      (
        await request(svc.url)
          .get(`/api/all-companies/${encodeURIComponent(name)}/insights`)
          .set(bob)
          .expect(200)
      ).body,
    );
  const helpful = (method: 'put' | 'delete', id: string, auth: Auth) => request(svc.url)[method](`/api/candidate-interviews/${id}/helpful`).set(auth);

  startInterviews();

  beforeAll(async () => {
    alice = await someone();
    bob = await someone();
  });

  describe('what was asked', () => {
    it('stores what was asked and the problems per round, and shows them to everyone without the round dates', async () => {
      const acme = await company('Asked Acme');
      const asked = 'Design a rate limiter.\nThen: follow-ups on sharding.';
      const mine = await share(
        {
          company_id: acme.id,
          interview_process: [
            { round: 'Leetcode (DSA)', round_date_str: '2024-04-02', asked: `  ${asked}  `, problems: [' Two   Sum ', 'LRU Cache', 'two sum'] },
            { round: 'Behavioural', round_date_str: '2024-04-09', asked: '' },
          ],
        },
        alice,
      );
      expect(mine.rounds).toEqual([
        { round: 'Leetcode (DSA)', round_date_str: '2024-04-02', asked, problems: ['Two Sum', 'LRU Cache'] },
        { round: 'Behavioural', round_date_str: '2024-04-09', asked: null, problems: [] },
      ]);
      const stored = await svc.db.query<{ rounds: unknown }>('SELECT rounds FROM candidate_interviews WHERE id = $1', [mine.id]);
      expect(stored.rows[0].rounds).toEqual([
        { round: 'Leetcode (DSA)', round_date_str: '2024-04-02', asked, problems: ['Two Sum', 'LRU Cache'] },
        { round: 'Behavioural', round_date_str: '2024-04-09', asked: null, problems: [] },
      ]);
      const seen = await seenBy(mine.id, bob);
      expect(seen.rounds).toEqual([
        { round: 'Leetcode (DSA)', asked, problems: ['Two Sum', 'LRU Cache'] },
        { round: 'Behavioural', asked: null, problems: [] },
      ]);
      expect(JSON.stringify(seen)).not.toMatch(/2024-04-\d\d/);
    });

    it('shows rounds stored before what was asked existed with none', async () => {
      const acme = await company('Older Acme');
      const { rows } = await svc.db.query<{ id: string }>(
        `INSERT INTO candidate_interviews (user_id, company_id, rounds, round_count) VALUES ($1, $2, '[{"round": "Other", "round_date_str": null}]', 1) RETURNING id`,
        [randomUUID(), acme.id],
      );
      expect((await seenBy(rows[0].id, bob)).rounds).toEqual([{ round: 'Other', asked: null, problems: [] }]);
    });

    const round = (extra: Record<string, unknown>) => ({ interview_process: [{ round: 'Other', ...extra }] });
    it.each([
      [
        'what was asked over 2,000 characters',
        round({ asked: 'x'.repeat(2001) }),
        'interview_process.0.asked',
        'What was asked must not be longer than 2,000 characters',
      ],
      ['what was asked as a number', round({ asked: 42 }), 'interview_process.0.asked', 'What was asked must not be longer than 2,000 characters'],
      ['problems as text', round({ problems: 'Two Sum' }), 'interview_process.0.problems', 'Problem names are 1 to 200 characters'],
      ['a problem as a number', round({ problems: [7] }), 'interview_process.0.problems.0', 'Problem names are 1 to 200 characters'],
      ['a blank problem name', round({ problems: ['   '] }), 'interview_process.0.problems.0', 'Problem names are 1 to 200 characters'],
      ['a problem name over 200 characters', round({ problems: ['p'.repeat(201)] }), 'interview_process.0.problems.0', 'Problem names are 1 to 200 characters'],
      [
        'eleven problems in a round',
        round({ problems: Array.from({ length: 11 }, (_, i) => `Problem ${i}`) }),
        'interview_process.0.problems',
        'At most 10 problems per round',
      ],
    ])('refuses %s with a 400 naming the field', async (name, body, field, message) => {
      const acme = await company(`Hostile Acme ${name}`);
      const res = await request(svc.url)
        .post('/api/candidate-interviews')
        .set(alice)
        .send({ company_id: acme.id, ...body })
        .expect(400);
      expect(res.body.error).toMatchObject({ code: 'validation_failed', fields: { [field]: message } });
    });

    it('takes exactly 2,000 characters', async () => {
      const acme = await company('Long Acme');
      const item = await share({ company_id: acme.id, ...round({ asked: 'y'.repeat(2000) }) });
      expect(item.rounds[0].asked).toHaveLength(2000);
    });
  });

  describe("the company's most asked questions", () => {
    it('counts each problem once per interview ignoring case and spacing, most asked first, and forgets deleted interviews', async () => {
      const acme = await company('Questions Acme');
      const other = await company('Questions Elsewhere');
      const leet = (problems: string[]) => ({ round: 'Leetcode (DSA)', problems });
      // Named in two rounds of one interview: asked in one interview.
      await share({ company_id: acme.id, interview_process: [leet(['Two Sum', 'Merge Intervals']), leet(['two sum'])] });
      await share({ company_id: acme.id, interview_process: [leet(['TWO  SUM', 'Number of Islands'])] });
      await share({ company_id: acme.id, interview_process: [leet(['Number of Islands'])] });
      const doomed = await share({ company_id: acme.id, interview_process: [leet(['Two Sum', 'Course Schedule'])] }, alice);
      await share({ company_id: other.id, interview_process: [leet(['Course Schedule', 'Course Schedule II'])] });

      expect((await insights(acme.name)).top_questions).toEqual([
        { title: 'Two Sum', count: 3 },
        { title: 'Number of Islands', count: 2 },
        { title: 'Course Schedule', count: 1 },
        { title: 'Merge Intervals', count: 1 },
      ]);
      await request(svc.url).delete(`/api/candidate-interviews/${doomed.id}`).set(alice).expect(204);
      expect((await insights(acme.name)).top_questions).toEqual([
        { title: 'Number of Islands', count: 2 },
        { title: 'Two Sum', count: 2 },
        { title: 'Merge Intervals', count: 1 },
      ]);
      expect((await insights(other.name)).top_questions).toEqual([
        { title: 'Course Schedule', count: 1 },
        { title: 'Course Schedule II', count: 1 },
      ]);
    });

    it('lists at most ten, and none for a company nobody named a problem at', async () => {
      const acme = await company('Many Questions Acme');
      const problems = Array.from({ length: 10 }, (_, i) => `Problem ${String(i).padStart(2, '0')}`);
      await share({ company_id: acme.id, interview_process: [{ problems }, { problems: ['Problem 10', 'Problem 11'] }] });
      await share({ company_id: acme.id, interview_process: [{ problems: ['Problem 11'] }] });
      const top = (await insights(acme.name)).top_questions;
      expect(top).toHaveLength(10);
      expect(top[0]).toEqual({ title: 'Problem 11', count: 2 });
      expect(top.slice(1).map((q) => q.title)).toEqual(problems.slice(0, 9));
      const quiet = await company('Quiet Acme');
      await share({ company_id: quiet.id, interview_process: [{ round: 'Other', asked: 'Only talk' }] });
      expect((await insights(quiet.name)).top_questions).toEqual([]);
    });

    it('keeps the counters equal to a recount after many candidates share at once', async () => {
      const acme = await company('Busy Questions Acme');
      const users = await Promise.all(Array.from({ length: 12 }, () => someone()));
      await Promise.all(
        users.map((auth, i) =>
          share({ company_id: acme.id, interview_process: [{ problems: ['Two Sum', `Problem ${i % 3}`] }, { problems: ['two sum'] }] }, auth),
        ),
      );
      const recount = await svc.db.query<{ key: string; n: number }>(
        'SELECT key, count(*)::int AS n FROM interview_question_keys WHERE company_id = $1 GROUP BY key ORDER BY n DESC, key',
        [acme.id],
      );
      const top = (await insights(acme.name)).top_questions;
      expect(top.map((q) => ({ key: q.title.toLowerCase(), n: q.count }))).toEqual(recount.rows);
      expect(top[0]).toEqual({ title: 'Two Sum', count: 12 });
    });
  });

  describe('helpful marks', () => {
    it('counts one mark per candidate under 20 concurrent marks, and 20 marks from one candidate as one', async () => {
      const acme = await company('Helpful Acme');
      const report = await share({ company_id: acme.id, interview_process: [{ round: 'Other' }] }, alice);
      const voters = await Promise.all(Array.from({ length: 20 }, () => someone()));
      const answers = await Promise.all(voters.map((auth) => helpful('put', report.id, auth)));
      expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
      const stored = await svc.db.query<{ n: number }>('SELECT count(*)::int AS n FROM interview_helpful_votes WHERE interview_id = $1', [report.id]);
      expect(stored.rows[0].n).toBe(20);
      expect((await seenBy(report.id, bob)).helpful_count).toBe(20);

      const eager = await someone();
      const again = await Promise.all(Array.from({ length: 20 }, () => helpful('put', report.id, eager)));
      expect(again.map((r) => r.status)).toEqual(Array(20).fill(200));
      expect(again.map((r) => r.body.data.helpful_count)).toContain(21);
      expect((await seenBy(report.id, bob)).helpful_count).toBe(21);
    });

    it('toggles: the mark shows to its candidate only, and taking it back twice takes one', async () => {
      const acme = await company('Toggle Acme');
      const report = await share({ company_id: acme.id, interview_process: [{ round: 'Other' }] }, alice);
      expect((await helpful('put', report.id, bob).expect(200)).body.data).toEqual({ helpful_count: 1, helpful_by_me: true });
      expect(await seenBy(report.id, bob)).toMatchObject({ helpful_count: 1, helpful_by_me: true });
      expect(await seenBy(report.id, alice)).toMatchObject({ helpful_count: 1, helpful_by_me: false, is_mine: true });
      const carol = await someone();
      expect(await seenBy(report.id, carol)).toMatchObject({ helpful_count: 1, helpful_by_me: false });
      expect((await helpful('delete', report.id, bob).expect(200)).body.data).toEqual({ helpful_count: 0, helpful_by_me: false });
      expect((await helpful('delete', report.id, bob).expect(200)).body.data).toEqual({ helpful_count: 0, helpful_by_me: false });
      expect(await seenBy(report.id, bob)).toMatchObject({ helpful_count: 0, helpful_by_me: false });
    });

    it('refuses a mark on your own report (403), on no report (404) and without a token (401)', async () => {
      const acme = await company('Own Acme');
      const report = await share({ company_id: acme.id, interview_process: [{ round: 'Other' }] }, alice);
      const own = await helpful('put', report.id, alice).expect(403);
      expect(own.body.error).toMatchObject({ code: 'forbidden', message: 'You cannot mark your own interview as helpful' });
      for (const id of [randomUUID(), 'not-a-uuid', `${report.id}' OR '1'='1`]) {
        const missing = await helpful('put', encodeURIComponent(id), bob).expect(404);
        expect(missing.body.error).toMatchObject({ code: 'not_found', message: 'Could not find this interview' });
        await helpful('delete', encodeURIComponent(id), bob).expect(404);
      }
      await request(svc.url).put(`/api/candidate-interviews/${report.id}/helpful`).expect(401);
      expect((await seenBy(report.id, bob)).helpful_count).toBe(0);
    });

    it('sorts by helpful, newest first among equals, across pages', async () => {
      const acme = await company('Sorted Acme');
      const reports: Item[] = [];
      for (let i = 0; i < 5; i++) reports.push(await share({ company_id: acme.id, interview_process: [{ round: 'Other' }] }, alice));
      const voters = await Promise.all(Array.from({ length: 3 }, () => someone()));
      // Marks: reports[1] three, reports[3] two, reports[0] one, the others none.
      for (const [index, n] of [
        [1, 3],
        [3, 2],
        [0, 1],
      ])
        for (const voter of voters.slice(0, n)) await helpful('put', reports[index].id, voter).expect(200);

      const pages: string[][] = [];
      let cursor: string | undefined;
      do {
        const res = await list({ company_id: acme.id, sort: 'helpful', limit: 2, ...(cursor ? { cursor } : {}) }, bob).expect(200);
        pages.push(res.body.map((x: Item) => x.id));
        cursor = res.headers['x-next-cursor'];
      } while (cursor);
      const order = [reports[1], reports[3], reports[0], reports[4], reports[2]].map((r) => r.id);
      expect(pages).toEqual([order.slice(0, 2), order.slice(2, 4), order.slice(4)]);
      // Newest first stays the default.
      expect((await list({ company_id: acme.id }, bob).expect(200)).body.map((x: Item) => x.id)).toEqual(reports.map((r) => r.id).reverse());
    });

    it('refuses an unknown sort and a cursor it did not make', async () => {
      const sort = await list({ sort: 'popular' }, bob).expect(400);
      expect(sort.body.error).toMatchObject({ code: 'validation_failed', fields: { sort: 'Sort by newest or helpful' } });
      for (const cursor of ['h12.garbage', 'hx.abc', 'plain']) {
        const res = await list({ sort: 'helpful', cursor }, bob).expect(400);
        expect(res.body.error).toMatchObject({ code: 'validation_failed', fields: { cursor: 'Invalid cursor' } });
      }
    });

    it("takes a deleted account's marks away with it", async () => {
      const acme = await company('Erased Marks Acme');
      const report = await share({ company_id: acme.id, interview_process: [{ round: 'Other' }] }, alice);
      const user = env.newUser();
      await helpful('put', report.id, await env.authHeader(user)).expect(200);
      await helpful('put', report.id, bob).expect(200);
      const nc = await connect({ servers: env.natsUrl });
      try {
        const envelope = { id: randomUUID(), type: 'identity.user.deleted', occurred_at: new Date().toISOString(), version: 1, data: { user_id: user.id } };
        await nc.jetstream().publish(`${env.prefix}.identity.user.deleted`, StringCodec().encode(JSON.stringify(envelope)), { msgID: envelope.id });
      } finally {
        await nc.close();
      }
      const marks = async () =>
        (await svc.db.query<{ n: number }>('SELECT count(*)::int AS n FROM interview_helpful_votes WHERE user_id = $1', [user.id])).rows[0].n;
      for (let i = 0; i < 100 && (await marks()) > 0; i++) await new Promise((r) => setTimeout(r, 100));
      expect(await marks()).toBe(0);
      expect((await seenBy(report.id, bob)).helpful_count).toBe(1);
    });
  });
});
