import { randomUUID } from 'node:crypto';
import { askDigest, askDigestDueEvent } from '@app/contracts';
import { JobRunner } from '@app/service-kit';
import { publishedEvents, publishEvent, TestUser, waitFor } from '@app/service-kit/testing';
import request from 'supertest';
import { AskWeeklyDigest, weekOf } from '../src/ask-a-swe/weekly-digest';
import { env, startCommunity, svc } from './fixtures';

jest.setTimeout(90_000);

type Auth = { Authorization: string };

/** Issue 37 item 5: what a member left unread in the bell goes out once a week as one digest. */
describe('community: Ask a SWE weekly digest', () => {
  const company = { id: randomUUID(), name: `Digest Corp ${randomUUID().slice(0, 6)}` };
  const member = () => ({ ...env.newUser(), user_metadata: { full_name: 'Some Member' } });
  let asker: TestUser;
  let askerAuth: Auth;
  let reader: Auth;
  let readerUser: TestUser;
  let follower: TestUser;
  let followerAuth: Auth;

  startCommunity();

  beforeAll(async () => {
    // The runs here are by hand, at chosen moments: the job's own (the first right after the start) would race them.
    await svc.app.get(JobRunner).stop();
    [asker, follower, readerUser] = [member(), member(), member()];
    [askerAuth, followerAuth, reader] = await Promise.all([asker, follower, readerUser].map((user) => env.authHeader(user)));
    await publishEvent(env, 'interviews.company.created', { ...company, website_url: 'https://digest.example' });
    await waitFor(async () => (await svc.db.query('SELECT 1 FROM ask_companies WHERE id = $1', [company.id])).rows.length > 0, 20_000);
    for (const auth of [followerAuth, reader]) await request(svc.url).put(`/api/ask-a-swe/follows/companies/${company.id}`).set(auth).expect(200);
  });

  const digestsFor = async (userId: string) =>
    (await publishedEvents(env, 'community.ask_digest.due')).map((e) => askDigestDueEvent.parse(e.data)).filter((d) => d.user_id === userId);
  const unreadAsk = async (userId: string, n: number) =>
    waitFor(async () => {
      const { rows } = await svc.db.query(`SELECT 1 FROM notifications WHERE user_id = $1 AND read_at IS NULL AND link LIKE '/ask-a-swe/%'`, [userId]);
      return rows.length >= n;
    }, 20_000);

  it('mails once a week what a follower left unread, newest first, and nothing to one who read it or has nothing new', async () => {
    const titles = ['How many rounds does the Digest Corp loop have?', 'Does Digest Corp ask system design of new graduates?'];
    for (const title of titles) {
      await request(svc.url)
        .post('/api/ask-a-swe/questions')
        .set(askerAuth)
        .send({ title, body: 'I have an onsite loop next month and wonder what to expect.', tags: ['Graph'], company_id: company.id })
        .expect(201);
    }
    await unreadAsk(follower.id, 2);
    await unreadAsk(readerUser.id, 2);
    // The reader opened the bell and read everything: nothing is left for a digest.
    await request(svc.url).post('/api/notifications/read-all').set(reader).expect(200);

    // Two replicas' runs at once: one digest per member and week between them.
    const job = svc.app.get(AskWeeklyDigest);
    const [a, b] = await Promise.all([job.send(), job.send()]);
    expect(a + b).toBeGreaterThanOrEqual(1);
    const [digest] = await waitFor(async () => {
      const found = await digestsFor(follower.id);
      return found.length > 0 && found;
    }, 10_000);
    expect(digest).toMatchObject({ week: weekOf(new Date()), total: 2 });
    expect(digest.items.map((item) => item.link)).toHaveLength(2);
    expect(digest.items[0].title).toContain(titles[1]);
    expect(digest.items[1].title).toContain(titles[0]);
    expect(digest.items.every((item) => item.link.startsWith('/ask-a-swe/'))).toBe(true);
    expect(await digestsFor(readerUser.id)).toEqual([]);
    // The asker follows their own question, but is not told of it: nothing unread, no digest.
    expect(await digestsFor(asker.id)).toEqual([]);

    // Later runs of the same week send nothing more.
    expect(await job.send()).toBe(0);
    expect(await digestsFor(follower.id)).toHaveLength(1);
    // Next week, what is still unread is older than the digest's days: nothing new, no mail.
    expect(await job.send(new Date(Date.now() + (askDigest.days + 1) * 86_400_000))).toBe(0);
  });

  it('names the newest ten of many, counts them all, and leaves out other notifications and older ones', async () => {
    const busy = member();
    const rows = [
      ...Array.from({ length: 12 }, (_, i) => ({ title: `Answer ${i} on a question you follow`, link: `/ask-a-swe/${randomUUID()}`, ageHours: 12 - i })),
      // Not Ask a SWE's, and one older than the digest's days: neither counts.
      { title: 'Feature request "Dark mode" is now Completed', link: `/feature-requests/${randomUUID()}`, ageHours: 1 },
      { title: 'An old answer', link: `/ask-a-swe/${randomUUID()}`, ageHours: 24 * (askDigest.days + 1) },
    ];
    for (const { title, link, ageHours } of rows) {
      await svc.db.query(
        `INSERT INTO notifications (user_id, kind, title, body, link, source_event_id, created_at) VALUES ($1, 'ask_answer', $2, '', $3, $4, now() - make_interval(hours => $5))`,
        [busy.id, title, link, randomUUID(), ageHours],
      );
    }
    await svc.app.get(AskWeeklyDigest).send();
    const [digest] = await waitFor(async () => {
      const found = await digestsFor(busy.id);
      return found.length > 0 && found;
    }, 10_000);
    expect(digest.total).toBe(12);
    expect(digest.items.map((item) => item.title)).toEqual(Array.from({ length: askDigest.items }, (_, i) => `Answer ${11 - i} on a question you follow`));
    const { rows: marked } = await svc.db.query('SELECT week::text, total FROM ask_digests WHERE user_id = $1', [busy.id]);
    expect(marked).toEqual([{ week: weekOf(new Date()), total: 12 }]);
  });

  it('counts weeks from Monday, UTC', () => {
    expect(weekOf(new Date('2026-11-29T23:59:59Z'))).toBe('2026-11-23');
    expect(weekOf(new Date('2026-11-30T00:00:00Z'))).toBe('2026-11-30');
    expect(weekOf(new Date('2026-12-02T12:00:00Z'))).toBe('2026-11-30');
  });
});
