import request from 'supertest';
import { publishEvent, waitFor } from '@app/service-kit/testing';
import { candidate, env, startPractice, svc, todayIn, zoneOnAnotherDay } from './fixtures';

jest.setTimeout(60_000);

type Auth = { Authorization: string };

describe('the private calendar feed (ICS)', () => {
  startPractice();
  const makeFeed = async (auth: Auth) =>
    (await request(svc.url).post('/api/leetcode-questions/calendar-feed').set(auth).expect(201)).body.data as {
      path: string;
      created_at: string;
    };
  const today = () => new Date().toISOString().slice(0, 10).replace(/-/g, '');

  it('serves due days as valid ICS to anyone holding the address, without a session', async () => {
    const { auth } = await candidate();
    await request(svc.url).post('/api/leetcode-questions').set(auth).send({ title: 'Two Sum, the classic; "easy"', difficulty: 'Easy' }).expect(201);
    await request(svc.url).post('/api/leetcode-questions').set(auth).send({ title: 'LRU Cache', difficulty: 'Medium' }).expect(201);
    const feed = await makeFeed(auth);
    expect(feed.path).toMatch(/^\/api\/leetcode-questions\/calendar\/[A-Za-z0-9_-]{43}$/);
    const res = await request(svc.url).get(feed.path).expect(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const text = res.text;
    expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(
      text
        .split('\r\n')
        .slice(0, -1)
        .every((line) => Buffer.byteLength(line) <= 75 && !/[\r\n]/.test(line)),
    ).toBe(true);
    const unfolded = text.replace(/\r\n /g, '');
    expect(unfolded).toContain(`DTSTART;VALUE=DATE:${today()}`);
    expect(unfolded).toContain('SUMMARY:Review 2 problems');
    expect(unfolded).toContain('DESCRIPTION:Two Sum\\, the classic\\; "easy"\\nLRU Cache');
    expect(unfolded).toMatch(/UID:due-\d{4}-\d\d-\d\d-[0-9a-f-]{36}@thunderprep/);
    expect(unfolded).toMatch(/DTSTAMP:\d{8}T\d{6}Z/);
    expect((await request(svc.url).get('/api/leetcode-questions/calendar-feed').set(auth).expect(200)).body).toEqual({
      active: true,
      created_at: feed.created_at,
    });
  });

  it('counts today as the review session does: everything due, and the share the daily limits leave for today', async () => {
    const { auth } = await candidate();
    for (const title of ['Two Sum', 'LRU Cache', 'Word Ladder']) {
      await request(svc.url).post('/api/leetcode-questions').set(auth).send({ title, difficulty: 'Medium' }).expect(201);
    }
    await request(svc.url).put('/api/leetcode-questions/review-limits').set(auth).send({ daily_review_limit: 5, new_per_day: 2 }).expect(200);
    const queue = (await request(svc.url).get('/api/leetcode-questions/due').set(auth).expect(200)).body;
    expect(queue.questions).toHaveLength(2);
    expect(queue.held_back).toBe(1);
    const unfolded = (
      await request(svc.url)
        .get((await makeFeed(auth)).path)
        .expect(200)
    ).text.replace(/\r\n /g, '');
    expect(unfolded).toContain('SUMMARY:Review 2 of 3 problems due');
    expect(unfolded).toContain('DESCRIPTION:Two Sum\\nLRU Cache\\n1 more wait beyond your daily limits (Problem Review\\, Daily limits)');
  });

  it('a new address ends the old one; turning it off ends both', async () => {
    const { auth } = await candidate();
    const first = await makeFeed(auth);
    const second = await makeFeed(auth);
    expect(second.path).not.toBe(first.path);
    const gone = await request(svc.url).get(first.path).expect(404);
    expect(gone.body.error).toEqual({ code: 'not_found', message: 'No calendar at this address: it was turned off or replaced.' });
    await request(svc.url).get(second.path).expect(200);
    await request(svc.url).delete('/api/leetcode-questions/calendar-feed').set(auth).expect(204);
    await request(svc.url).get(second.path).expect(404);
    expect((await request(svc.url).get('/api/leetcode-questions/calendar-feed').set(auth).expect(200)).body).toEqual({ active: false, created_at: null });
  });

  it.each(['x', 'A'.repeat(43), 'A'.repeat(44), '../../etc/passwd', `${'A'.repeat(42)}-`])('answers 404 for the guessed token %j', async (token) => {
    await request(svc.url).get(`/api/leetcode-questions/calendar/${token}`).expect(404);
  });

  it("lists days in the candidate's time zone, following a change made after the address", async () => {
    const { user, auth } = await candidate();
    await request(svc.url).post('/api/leetcode-questions').set(auth).send({ title: 'Jump Game', difficulty: 'Medium' }).expect(201);
    const feed = await makeFeed(auth);
    const dueDay = async () => (await request(svc.url).get(feed.path).expect(200)).text.match(/DTSTART;VALUE=DATE:(\d{8})/)?.[1];
    expect(await dueDay()).toBe(today());
    const zone = zoneOnAnotherDay();
    await request(svc.url).put('/api/leetcode-questions/time-zone').set(auth).send({ time_zone: zone }).expect(200);
    expect(await dueDay()).toBe(todayIn(zone).replace(/-/g, ''));
    // The feed keeps no zone of its own.
    const { rows } = await svc.db.query('SELECT time_zone FROM calendar_feeds WHERE user_id = $1', [user.id]);
    expect(rows).toEqual([{ time_zone: null }]);
  });

  it('needs a session to make, see or end a feed', async () => {
    await request(svc.url).post('/api/leetcode-questions/calendar-feed').expect(401);
    await request(svc.url).get('/api/leetcode-questions/calendar-feed').expect(401);
    await request(svc.url).delete('/api/leetcode-questions/calendar-feed').expect(401);
  });

  it('shows the interview day from profile events, following the latest and ignoring an older one', async () => {
    const { user, auth } = await candidate();
    const feed = await makeFeed(auth);
    const ics = async () => (await request(svc.url).get(feed.path).expect(200)).text;
    await publishEvent(env, 'profile.interview_date.set', { user_id: user.id, interview_date: '2030-03-14', set_at: '2030-01-02T00:00:00.000Z' });
    await waitFor(async () => (await ics()).includes('DTSTART;VALUE=DATE:20300314'), 30_000);
    expect(await ics()).toContain('SUMMARY:Interview day');
    // An older change arriving late does not win.
    await publishEvent(env, 'profile.interview_date.set', { user_id: user.id, interview_date: '2030-01-01', set_at: '2030-01-01T00:00:00.000Z' });
    await publishEvent(env, 'profile.interview_date.set', { user_id: user.id, interview_date: null, set_at: '2030-01-03T00:00:00.000Z' });
    await waitFor(async () => !(await ics()).includes('Interview day'), 30_000);
    const { rows } = await svc.db.query('SELECT interview_date FROM interview_dates WHERE user_id = $1', [user.id]);
    expect(rows).toEqual([{ interview_date: null }]);
  });

  it("goes with the account: a deleted account's feed answers 404", async () => {
    const { user, auth } = await candidate();
    const feed = await makeFeed(auth);
    await publishEvent(env, 'identity.user.deleted', { user_id: user.id });
    await waitFor(async () => (await request(svc.url).get(feed.path)).status === 404, 30_000);
    await request(svc.url).post('/api/leetcode-questions/calendar-feed').set(auth).expect(401);
  });
});
