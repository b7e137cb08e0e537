import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import request from 'supertest';
import { JobRunner, RunningService } from '@app/service-kit';
import { publishedEvents, publishEvent, TestEnvironment, waitFor } from '@app/service-kit/testing';
import { practiceService } from '../src';
import { DigestService } from '../src/digest/digest.service';

jest.setTimeout(90_000);

type Auth = { Authorization: string };
const subject = 'practice.review_digest.due';
// Hour 0: everyone's day has started, whatever the clock; the job looks every second.
const config = { REVIEW_DIGEST_HOUR: '0', REVIEW_DIGEST_INTERVAL_SECONDS: '1' };

/** The daily review e-mail's job, with two replicas on one database as in production. */
describe('practice: the daily digest of reviews due', () => {
  let env: TestEnvironment;
  let replicas: RunningService[];

  beforeAll(async () => {
    env = await TestEnvironment.create();
    // As deploys have it, the schema is there before the pods start (two test starts would race to make it).
    const { DATABASE_URL, DATABASE_SCHEMA } = env.env(practiceService.name);
    const admin = new Client({ connectionString: DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE SCHEMA IF NOT EXISTS "${DATABASE_SCHEMA}"`);
    await admin.end();
    replicas = await Promise.all([env.start(practiceService, config), env.start(practiceService, config)]);
  });
  afterAll(() => env.close());

  /** A user who turned the e-mail on (it is off until they do). */
  const candidate = async () => {
    const user = env.newUser();
    const auth = await env.authHeader(user);
    await request(replicas[0].url).put('/api/leetcode-questions/review-email').set(auth).send({ enabled: true }).expect(200);
    return { id: user.id, auth };
  };
  const track = async (auth: Auth, ...titles: string[]) => {
    for (const title of titles) await request(replicas[0].url).post('/api/leetcode-questions').set(auth).send({ title, difficulty: 'Medium' }).expect(201);
  };
  const digestsOf = async (userId: string) => (await publishedEvents(env, subject)).filter((e) => e.data.user_id === userId);
  const claimedDays = async (userId: string) =>
    (await replicas[0].db.query<{ n: number }>('SELECT count(*)::int AS n FROM review_digests WHERE user_id = $1', [userId])).rows[0].n;
  /** Both replicas make a pass now, besides their timers': whatever they would send, they have. */
  const afterPasses = async () => {
    const digests = replicas.map((r) => r.app.get(DigestService));
    await Promise.all(digests.map((d) => d.run()));
  };

  it('sends each user one digest a day from two replicas running at once: the count, the first ten titles, the date and a token', async () => {
    const users = await Promise.all(Array.from({ length: 6 }, candidate));
    const titles = Array.from({ length: 12 }, (_, i) => `Problem ${i + 1}`);
    // The timers wait while the problems are added: on a busy machine a pass between the first
    // and the twelfth would rightly send a digest of what was due then.
    const runners = replicas.map((r) => r.app.get(JobRunner));
    await Promise.all(runners.map((runner) => runner.stop()));
    await track(users[0].auth, ...titles);
    await Promise.all(users.slice(1).map((u) => track(u.auth, 'Two Sum')));
    await Promise.all(runners.map((runner) => runner.start()));

    await waitFor(async () => (await Promise.all(users.map(async (u) => (await digestsOf(u.id)).length))).every((n) => n > 0), 30_000);
    // Both replicas' timers keep running, and both are made to run now, all at once, too: still one each.
    await Promise.all([afterPasses(), afterPasses()]);
    for (const u of users) {
      expect(await digestsOf(u.id)).toHaveLength(1);
      expect(await claimedDays(u.id)).toBe(1);
    }
    const [first] = await digestsOf(users[0].id);
    const today = new Date().toISOString().slice(0, 10);
    // "New per day" is 10 by default (the due queue's rule): today's session holds ten of the twelve due.
    expect(first.data).toEqual({
      user_id: users[0].id,
      date: today,
      due_count: 10,
      due_total: 12,
      titles: titles.slice(0, 10),
      unsubscribe_token: expect.stringMatching(/^[\w-]{40,100}$/),
    });
    expect((await digestsOf(users[1].id))[0].data).toMatchObject({ due_count: 1, due_total: 1, titles: ['Two Sum'] });
  });

  it('sends nothing to a user who never turned it on, who turned it off, or who has nothing due', async () => {
    const [off, nothing, on] = await Promise.all([candidate(), candidate(), candidate()]);
    const never = env.newUser();
    const neverAuth = await env.authHeader(never);
    expect((await request(replicas[0].url).get('/api/leetcode-questions/review-email').set(neverAuth).expect(200)).body).toEqual({
      enabled: false,
      chosen: false,
    });
    await track(neverAuth, 'Two Sum');
    expect((await request(replicas[0].url).get('/api/leetcode-questions/review-email').set(off.auth).expect(200)).body).toEqual({
      enabled: true,
      chosen: true,
    });
    const turnedOff = await request(replicas[1].url).put('/api/leetcode-questions/review-email').set(off.auth).send({ enabled: false }).expect(200);
    expect(turnedOff.body).toEqual({ data: { enabled: false, chosen: true } });
    expect((await request(replicas[0].url).get('/api/leetcode-questions/review-email').set(off.auth).expect(200)).body).toEqual({
      enabled: false,
      chosen: true,
    });
    await track(off.auth, 'LRU Cache');
    // Reviewed today and due again later: nothing is due today.
    await track(nothing.auth, 'Valid Anagram');
    await replicas[0].db.query(`UPDATE leetcode_questions SET session_count = 1, due_at = now() + interval '3 days' WHERE user_id = $1`, [nothing.id]);
    await track(on.auth, 'Merge Intervals');

    await waitFor(async () => (await digestsOf(on.id)).length > 0, 30_000);
    await afterPasses();
    expect(await digestsOf(off.id)).toEqual([]);
    expect(await digestsOf(nothing.id)).toEqual([]);
    expect(await digestsOf(never.id)).toEqual([]);
  });

  it("the mail's token turns the e-mail off without a session, by the page's JSON or a one-click form (RFC 8058), once or twice, while opening it (a GET) only leads to the page; turning it back on in Settings works", async () => {
    const user = await candidate();
    await track(user.auth, 'Course Schedule');
    const [digest] = await waitFor(async () => (await digestsOf(user.id)).length > 0 && digestsOf(user.id), 30_000);
    const token = digest.data.unsubscribe_token as string;
    // Sealed: the user id is not in it.
    expect(Buffer.from(token, 'base64url').includes(Buffer.from(user.id.replace(/-/g, ''), 'hex'))).toBe(false);
    // Opened in a browser (a mail client without one-click): sent to the page that asks, nothing changed yet.
    const opened = await request(replicas[1].url).get(`/api/leetcode-questions/review-email/unsubscribe?token=${token}`).expect(303);
    expect(opened.headers.location).toBe(`/review-email/unsubscribe?token=${token}`);
    expect((await request(replicas[0].url).get('/api/leetcode-questions/review-email').set(user.auth).expect(200)).body).toEqual({
      enabled: true,
      chosen: true,
    });
    const byPage = await request(replicas[0].url).post('/api/leetcode-questions/review-email/unsubscribe').send({ token }).expect(200);
    expect(byPage.body).toEqual({ data: { enabled: false, chosen: true } });
    const oneClick = await request(replicas[1].url)
      .post(`/api/leetcode-questions/review-email/unsubscribe?token=${token}`)
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(200);
    expect(oneClick.body).toEqual({ data: { enabled: false, chosen: true } });
    // Each change is announced, so identity skips a digest queued before it (its send-time check).
    const turnedOff = async () =>
      (await publishedEvents(env, 'practice.review_email.changed')).filter((e) => e.data.user_id === user.id && e.data.enabled === false).length;
    await waitFor(async () => (await turnedOff()) === 2, 10_000);
    expect((await request(replicas[0].url).get('/api/leetcode-questions/review-email').set(user.auth).expect(200)).body).toEqual({
      enabled: false,
      chosen: true,
    });
    await request(replicas[0].url).put('/api/leetcode-questions/review-email').set(user.auth).send({ enabled: true }).expect(200);
    expect((await request(replicas[1].url).get('/api/leetcode-questions/review-email').set(user.auth).expect(200)).body).toEqual({
      enabled: true,
      chosen: true,
    });
  });

  it('refuses forged, altered and malformed tokens, and turns nobody off with them', async () => {
    const user = await candidate();
    await track(user.auth, 'Word Ladder');
    const [digest] = await waitFor(async () => (await digestsOf(user.id)).length > 0 && digestsOf(user.id), 30_000);
    const token = Buffer.from(digest.data.unsubscribe_token as string, 'base64url');
    const otherUser = Buffer.from(token);
    Buffer.from(randomUUID().replace(/-/g, ''), 'hex').copy(otherUser);
    const flipped = Buffer.from(token);
    flipped[47] ^= 1;
    for (const forged of [otherUser.toString('base64url'), flipped.toString('base64url'), 'A'.repeat(64)]) {
      const res = await request(replicas[0].url).post('/api/leetcode-questions/review-email/unsubscribe').send({ token: forged }).expect(404);
      expect(res.body.error).toEqual({ code: 'not_found', message: 'This unsubscribe link is not valid. Turn the e-mail off in Settings instead.' });
    }
    for (const body of [{ token: 'x' }, { token: `${'A'.repeat(63)}=` }, { token: "' OR 1=1 --".padEnd(64, 'A') }, { token: 42 }]) {
      await request(replicas[0].url).post('/api/leetcode-questions/review-email/unsubscribe').send(body).expect(400);
    }
    await request(replicas[0].url).post('/api/leetcode-questions/review-email/unsubscribe').send({}).expect(404);
    expect((await request(replicas[0].url).get('/api/leetcode-questions/review-email').set(user.auth).expect(200)).body).toEqual({
      enabled: true,
      chosen: true,
    });
  });

  it("a deleted account's digests and choice go with it, and its link stops working", async () => {
    const user = await candidate();
    await track(user.auth, 'Network Delay Time');
    const [digest] = await waitFor(async () => (await digestsOf(user.id)).length > 0 && digestsOf(user.id), 30_000);
    await request(replicas[0].url).put('/api/leetcode-questions/review-email').set(user.auth).send({ enabled: false }).expect(200);
    await publishEvent(env, 'identity.user.deleted', { user_id: user.id });
    await waitFor(async () => (await claimedDays(user.id)) === 0, 30_000);
    const { rowCount } = await replicas[0].db.query('SELECT 1 FROM review_email_choices WHERE user_id = $1', [user.id]);
    expect(rowCount).toBe(0);
    await request(replicas[0].url).post('/api/leetcode-questions/review-email/unsubscribe').send({ token: digest.data.unsubscribe_token }).expect(404);
  });

  it('needs a session for the switch, and refuses a switch that is not true or false', async () => {
    await request(replicas[0].url).get('/api/leetcode-questions/review-email').expect(401);
    await request(replicas[0].url).put('/api/leetcode-questions/review-email').send({ enabled: false }).expect(401);
    const { auth } = await candidate();
    await request(replicas[0].url).put('/api/leetcode-questions/review-email').set(auth).send({ enabled: 'no' }).expect(400);
  });
});
