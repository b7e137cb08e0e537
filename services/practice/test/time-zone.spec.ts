import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { timeZoneMessage } from '@app/contracts';
import { createLogger, Database } from '@app/service-kit';
import { publishedEvents, publishEvent, TestEnvironment, waitFor } from '@app/service-kit/testing';
import { practiceService } from '../src';
import { DigestService } from '../src/digest/digest.service';
import { candidate, env, startPractice, svc } from './fixtures';

jest.setTimeout(90_000);

type Auth = { Authorization: string };
const zonePath = '/api/leetcode-questions/time-zone';
const refused = { code: 'validation_failed', message: timeZoneMessage, fields: { time_zone: timeZoneMessage } };

describe("the candidate's time zone", () => {
  // The digest hour of the default configuration; the job's own timer runs once at start, before any candidate exists.
  startPractice({ REVIEW_DIGEST_HOUR: '8', REVIEW_DIGEST_INTERVAL_SECONDS: '86400' });
  const zoneOf = async (auth: Auth) => (await request(svc.url).get(zonePath).set(auth).expect(200)).body;
  const setZone = (auth: Auth, body: unknown) =>
    request(svc.url)
      .put(zonePath)
      .set(auth)
      .send(body as object);

  it('is null until set, then stored and read back as Intl spells it', async () => {
    const { auth } = await candidate();
    expect(await zoneOf(auth)).toEqual({ time_zone: null });
    expect((await setZone(auth, { time_zone: 'Europe/Paris' }).expect(200)).body).toEqual({ data: { time_zone: 'Europe/Paris' } });
    expect(await zoneOf(auth)).toEqual({ time_zone: 'Europe/Paris' });
    expect((await setZone(auth, { time_zone: 'america/new_york' }).expect(200)).body).toEqual({ data: { time_zone: 'America/New_York' } });
    expect(await zoneOf(auth)).toEqual({ time_zone: 'America/New_York' });
  });

  it.each([['Mars/Olympus'], ['+05:00'], [''], [' Europe/Paris'], ['Europe/Paris'.repeat(6)], [42], [null]])(
    'refuses %j with the message, and keeps the zone it had',
    async (zone) => {
      const { auth } = await candidate();
      await setZone(auth, { time_zone: 'Asia/Tokyo' }).expect(200);
      expect((await setZone(auth, { time_zone: zone }).expect(400)).body.error).toEqual(refused);
      expect(await zoneOf(auth)).toEqual({ time_zone: 'Asia/Tokyo' });
    },
  );

  it('refuses a body without a zone, and a caller without a session', async () => {
    const { auth } = await candidate();
    expect((await setZone(auth, {}).expect(400)).body.error).toEqual(refused);
    await request(svc.url).get(zonePath).expect(401);
    await request(svc.url).put(zonePath).send({ time_zone: 'Europe/Paris' }).expect(401);
  });

  it('goes with a deleted account, whose token can no longer set one', async () => {
    const { user, auth } = await candidate();
    await setZone(auth, { time_zone: 'Europe/Paris' }).expect(200);
    await publishEvent(env, 'identity.user.deleted', { user_id: user.id });
    await waitFor(async () => (await svc.db.query('SELECT 1 FROM time_zones WHERE user_id = $1', [user.id])).rowCount === 0, 30_000);
    await setZone(auth, { time_zone: 'Europe/Paris' }).expect(401);
  });

  describe('the daily review e-mail of a candidate without a calendar feed', () => {
    const digestDays = async (userId: string) =>
      (
        await svc.db.query<{ day: string; due_count: number }>("SELECT to_char(day, 'YYYY-MM-DD') AS day, due_count FROM review_digests WHERE user_id = $1", [
          userId,
        ])
      ).rows;

    it.each([
      // Tokyo is UTC+9 all year: 08:00 on 10 March is 23:00 UTC on the 9th, when UTC's own day is long past 08:00.
      ['Asia/Tokyo', '2030-03-09T22:59:59Z', '2030-03-09T23:00:00Z', '2030-03-10'],
      // Los Angeles is UTC-8 in January: 08:00 is 16:00 UTC, eight hours after UTC's 08:00.
      ['America/Los_Angeles', '2030-01-15T15:59:59Z', '2030-01-15T16:00:00Z', '2030-01-15'],
    ])('in %s is due from 08:00 of their day, not before', async (zone, before, at, day) => {
      const { user, auth } = await candidate();
      await setZone(auth, { time_zone: zone }).expect(200);
      // The daily e-mail is off until chosen.
      await request(svc.url).put('/api/leetcode-questions/review-email').set(auth).send({ enabled: true }).expect(200);
      await request(svc.url).post('/api/leetcode-questions').set(auth).send({ title: 'Two Sum', difficulty: 'Easy' }).expect(201);
      const digests = svc.app.get(DigestService);

      await digests.run(new Date(before));
      expect(await digestDays(user.id)).toEqual([]);
      await digests.run(new Date(at));
      expect(await digestDays(user.id)).toEqual([{ day, due_count: 1 }]);
      const sent = await waitFor(async () => {
        const events = (await publishedEvents(env, 'practice.review_digest.due')).filter((e) => e.data.user_id === user.id);
        return events.length > 0 && events;
      }, 30_000);
      expect(sent.map((e) => e.data)).toEqual([expect.objectContaining({ date: day, due_count: 1, titles: ['Two Sum'] })]);
    });
  });
});

describe("migration 0013: a calendar feed's time zone becomes its candidate's", () => {
  let env: TestEnvironment;
  let before: string;
  beforeAll(async () => {
    env = await TestEnvironment.create();
    before = await mkdtemp(path.join(tmpdir(), 'practice-migrations-'));
  });
  afterAll(async () => {
    await env.close();
    await rm(before, { recursive: true, force: true });
  });

  it("carries each existing feed's zone into its candidate's setting; a feed made afterwards keeps none", async () => {
    // The schema as the release before left it: every migration up to 0012, and a feed made then.
    for (const file of (await readdir(practiceService.migrationsDir)).filter((f) => f < '0013')) {
      await copyFile(path.join(practiceService.migrationsDir, file), path.join(before, file));
    }
    const { DATABASE_URL, DATABASE_SCHEMA } = env.env(practiceService.name);
    const old = new Database({ url: DATABASE_URL!, schema: DATABASE_SCHEMA!, poolMax: 1, logger: createLogger('practice-0012', 'silent') });
    const withFeed = env.newUser();
    const withoutFeed = env.newUser();
    try {
      await old.migrate([
        { label: 'kit', dir: path.join(__dirname, '../../../libs/service-kit/migrations') },
        { label: practiceService.name, dir: before },
      ]);
      await old.query("INSERT INTO calendar_feeds (user_id, token_hash, time_zone) VALUES ($1, '\\x01', 'Asia/Kolkata')", [withFeed.id]);
    } finally {
      await old.close();
    }

    const svc = await env.start(practiceService);
    const zoneOf = async (user: typeof withFeed) =>
      (
        await request(svc.url)
          .get(zonePath)
          .set(await env.authHeader(user))
          .expect(200)
      ).body;
    expect(await zoneOf(withFeed)).toEqual({ time_zone: 'Asia/Kolkata' });
    expect(await zoneOf(withoutFeed)).toEqual({ time_zone: null });
    // The feed no longer needs a zone of its own: one made now keeps none.
    await request(svc.url)
      .post('/api/leetcode-questions/calendar-feed')
      .set(await env.authHeader(withoutFeed))
      .expect(201);
    const { rows } = await svc.db.query('SELECT time_zone FROM calendar_feeds WHERE user_id = $1', [withoutFeed.id]);
    expect(rows).toEqual([{ time_zone: null }]);
  });
});
