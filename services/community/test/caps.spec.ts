import request from 'supertest';
import { askMessages, askNewAccounts, capMessages, caps, MyAskStanding, pageSizes } from '@app/contracts';
import { publishEvent, waitFor } from '@app/service-kit/testing';
import { env, grantReputation, startCommunity, svc } from './fixtures';

jest.setTimeout(30_000);

describe('community: what one account may share in a day', () => {
  let address = 0;
  /** A fresh client address per call, as the gateway names it. */
  const from = () => env.fromGateway(`198.51.100.${++address}`);

  startCommunity();

  const newAccount = async () => {
    const user = env.newUser();
    return { id: user.id, auth: await env.authHeader(user) };
  };

  it(`shares at most ${caps.opportunitiesPerDay} opportunities a day, even sent together, then 429 with when to try again`, async () => {
    const alice = await newAccount();
    await svc.db.query(
      `INSERT INTO pathfinder_opportunities (user_id, title, description, link, link_key, compensation, created_at)
       SELECT $1::uuid, 'Seeded ' || i, 'Shared earlier today', 'https://example.com/' || $1::text || '/' || i, 'example.com/' || $1::text || '/' || i, 0, now() - interval '5 hours'
       FROM generate_series(1, $2::int) AS i`,
      [alice.id, caps.opportunitiesPerDay - 1],
    );
    const share = (i: number) =>
      request(svc.url)
        .post('/api/pathfinder')
        .set(alice.auth)
        .send({ title: `Internship ${i}`, description: 'Summer', link: `https://jobs.example.org/${alice.id}/${i}`, compensation: 0 });
    const answers = await Promise.all([1, 2, 3, 4].map(share));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 429, 429, 429]);
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.body).toEqual({ error: { code: 'rate_limited', message: 'You can share at most 10 opportunities a day' } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(18 * 3600);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(19 * 3600);
  });

  it(`shares at most ${caps.opportunitiesPerDay} resources a day (the same cap policy), even sent together, then 429 with when to try again`, async () => {
    const dana = await newAccount();
    await svc.db.query(
      `INSERT INTO external_resources (user_id, title, description, author, url, link_key, created_at)
       SELECT $1::uuid, 'Seeded ' || i, 'Shared earlier today', 'Someone', 'https://example.com/' || $1::text || '/' || i, 'example.com/' || $1::text || '/' || i, now() - interval '5 hours'
       FROM generate_series(1, $2::int) AS i`,
      [dana.id, caps.opportunitiesPerDay - 1],
    );
    const share = (i: number) =>
      request(svc.url)
        .post('/api/external-resources')
        .set(dana.auth)
        .send({ title: `Guide ${i}`, description: 'Worth a read', author: 'A blog', url: `https://guides.example.org/${dana.id}/${i}` });
    const answers = await Promise.all([1, 2, 3].map(share));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 429, 429]);
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.body).toEqual({ error: { code: 'rate_limited', message: capMessages.resourcesPerDay } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(18 * 3600);
    const { rows } = await svc.db.query('SELECT count(*)::int AS n FROM external_resources WHERE user_id = $1', [dana.id]);
    expect(rows[0].n).toBe(caps.opportunitiesPerDay);
  });

  it(`lists the first ${pageSizes.boards} opportunities and feature requests of a board, in its order`, async () => {
    const carol = await newAccount();
    await svc.db.query(
      `INSERT INTO pathfinder_opportunities (user_id, title, description, link, link_key, compensation, status, created_at)
       SELECT $1::uuid, 'Board ' || i, 'Approved', 'https://board.example/' || $1::text || '/' || i, 'board.example/' || $1::text || '/' || i, 0, 'approved', now() - i * interval '1 minute'
       FROM generate_series(1, $2::int) AS i`,
      [carol.id, pageSizes.boards + 20],
    );
    await svc.db.query(
      `INSERT INTO requested_features (user_id, title, description, status) SELECT $1, 'Wish ' || i, 'More', 'open' FROM generate_series(1, $2::int) AS i`,
      [carol.id, pageSizes.boards + 20],
    );
    const opportunities = await request(svc.url).get('/api/pathfinder').set(carol.auth).expect(200);
    expect(opportunities.body).toHaveLength(pageSizes.boards);
    const times = opportunities.body.map((o: { created_at: string }) => Date.parse(o.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const features = await request(svc.url).get('/api/feature-requests').set(carol.auth).expect(200);
    expect(features.body).toHaveLength(pageSizes.boards);
  });

  it(`takes at most ${caps.contactMessagesPerDay} messages a day from one signed-in account, whatever its addresses`, async () => {
    const bob = await newAccount();
    await svc.db.query(
      `INSERT INTO contact_form_submissions (user_id, subject, message, created_at)
       SELECT $1, 'Feedback', 'Earlier ' || i, now() - interval '1 hour' FROM generate_series(1, $2::int) AS i`,
      [bob.id, caps.contactMessagesPerDay - 1],
    );
    const send = () =>
      request(svc.url)
        .post('/api/contact-form')
        .set(bob.auth)
        .set(from())
        .send({ subject: 'Feature Request', title: 'Dark mode please', message: 'Dark mode please' });
    const answers = await Promise.all([send(), send(), send()]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 429, 429]);
    expect(answers.find((a) => a.status === 429)!.body.error).toEqual({ code: 'rate_limited', message: capMessages.contactMessagesPerDay });
    // The refused ones filed no feature request either.
    const filed = await svc.db.query<{ n: number }>('SELECT count(*)::int AS n FROM requested_features WHERE user_id = $1', [bob.id]);
    expect(filed.rows[0].n).toBe(1);
  });

  it(`takes at most ${caps.askAnswersPerDay} Ask a SWE answers a day from an established account, ${askNewAccounts.answersPerDay} from a new one, even sent together, then 429`, async () => {
    /** An account identity says registered `hoursAgo`, with the reputation that lifts the new-account limits. */
    const member = async (hoursAgo: number) => {
      const account = await newAccount();
      await publishEvent(env, 'identity.user.registered', { user_id: account.id, created_at: new Date(Date.now() - hoursAgo * 3_600_000).toISOString() });
      await grantReputation(svc.db, account.id, askNewAccounts.reputationBelow);
      await waitFor(async () => (await svc.db.query('SELECT 1 FROM ask_members WHERE user_id = $1', [account.id])).rows.length > 0, 20_000);
      return account;
    };
    const [established, newcomer, asker] = await Promise.all([member(2 * askNewAccounts.ageHours), member(1), newAccount()]);
    const asked = await request(svc.url)
      .post('/api/ask-a-swe/questions')
      .set(asker.auth)
      .send({ title: 'How many rounds is the onsite loop?', body: 'I have an onsite next week and wonder how long it takes.', tags: ['Graph'] })
      .expect(201);
    const questionId: string = asked.body.data.id;
    // Yesterday's answer is outside the rolling day.
    await svc.db.query(
      `INSERT INTO ask_answers (question_id, user_id, author_name, body, created_at) VALUES ($1, $2, 'Established', 'Three rounds, last year.', now() - interval '25 hours')`,
      [questionId, established.id],
    );
    const answer = (who: { auth: Record<string, string> }, i: number) =>
      request(svc.url)
        .post(`/api/ask-a-swe/questions/${questionId}/answers`)
        .set(who.auth)
        .send({ body: `Four rounds in one day (answer ${i}).` });
    const standing = async (who: { auth: Record<string, string> }): Promise<MyAskStanding> =>
      (await request(svc.url).get('/api/ask-a-swe/me').set(who.auth).expect(200)).body;
    const stored = async (userId: string) =>
      (
        await svc.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ask_answers WHERE user_id = $1 AND created_at > now() - interval '24 hours'`, [
          userId,
        ])
      ).rows[0].n;

    // Registered an hour ago: new whatever its reputation, so the tighter limit.
    expect(await standing(newcomer)).toMatchObject({ new_account: true, answers_left_today: askNewAccounts.answersPerDay });
    for (let i = 1; i <= askNewAccounts.answersPerDay; i++) await answer(newcomer, i).expect(201);
    expect((await answer(newcomer, 0).expect(429)).body).toEqual({ error: { code: 'rate_limited', message: askMessages.newAccountAnswers } });
    expect(await stored(newcomer.id)).toBe(askNewAccounts.answersPerDay);

    // Established: the whole cap, the last places taken by requests sent together, the rest refused.
    expect(await standing(established)).toMatchObject({ new_account: false, answers_left_today: caps.askAnswersPerDay });
    for (let i = 1; i <= caps.askAnswersPerDay - 2; i++) await answer(established, i).expect(201);
    const together = await Promise.all([1, 2, 3, 4].map((i) => answer(established, caps.askAnswersPerDay + i)));
    expect(together.map((a) => a.status).sort()).toEqual([201, 201, 429, 429]);
    const refused = together.find((a) => a.status === 429)!;
    expect(refused.body).toEqual({ error: { code: 'rate_limited', message: capMessages.askAnswersPerDay } });
    // Until the first of today's answers is a day old.
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(24 * 3600);
    expect((await answer(established, 0).expect(429)).body.error.message).toBe(capMessages.askAnswersPerDay);
    expect(await stored(established.id)).toBe(caps.askAnswersPerDay);
    expect(await standing(established)).toMatchObject({ new_account: false, answers_left_today: 0 });
    const { rows } = await svc.db.query<{ n: number }>('SELECT count(*)::int AS n FROM ask_answers WHERE question_id = $1', [questionId]);
    expect(rows[0].n).toBe(1 + caps.askAnswersPerDay + askNewAccounts.answersPerDay);
  }, 90_000);
});
