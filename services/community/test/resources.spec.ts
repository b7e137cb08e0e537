import { randomUUID } from 'node:crypto';
import { ExternalResource, externalResourceSchema } from '@app/contracts';
import { publishedEvents, TestUser, waitFor } from '@app/service-kit/testing';
import request from 'supertest';
import { env, moderator, startCommunity, svc } from './fixtures';

jest.setTimeout(60_000);

type Auth = { Authorization: string };

describe('community: external resources (issue 23 item 5)', () => {
  let alice: TestUser;
  let aliceAuth: Auth;
  let bob: Auth;
  let mod: Auth;
  let seq = 0;

  startCommunity();

  beforeAll(async () => {
    alice = env.newUser();
    [aliceAuth, bob, mod] = await Promise.all([env.authHeader(alice), env.authHeader(env.newUser()), env.authHeader(moderator(env))]);
  });

  const list = async (auth: Auth, query: Record<string, string> = {}): Promise<ExternalResource[]> =>
    (await request(svc.url).get('/api/external-resources').query(query).set(auth).expect(200)).body;
  const submit = (auth: Auth, body: Record<string, unknown> = {}) =>
    request(svc.url)
      .post('/api/external-resources')
      .set(auth)
      .send({
        title: 'System Design Primer',
        description: 'Learn to design large systems',
        url: `https://primer.example.org/${++seq}`,
        author: 'donnemartin',
        ...body,
      });
  const submitted = async (auth: Auth, body: Record<string, unknown> = {}): Promise<ExternalResource> => (await submit(auth, body).expect(201)).body.data;
  const mark = (auth: Auth, method: 'post' | 'delete', id: string, what: 'upvote' | 'favorite') =>
    request(svc.url)[method](`/api/external-resources/${id}/${what}`).set(auth);

  it('lists the five built-in resources as rows anyone can upvote, none marked yet', async () => {
    const resources = await list(bob);
    for (const r of resources) expect(externalResourceSchema.parse(r)).toEqual(r);
    const builtIn = resources.filter((r) =>
      ['LeetCode', 'NeetCode 150', 'Final Round AI', 'Grokking the Coding Interview', 'Cracking the Coding Interview'].includes(r.title),
    );
    expect(builtIn).toHaveLength(5);
    expect(builtIn.every((r) => r.status === 'approved' && !r.hasUserUpvoted && !r.isFavorite)).toBe(true);
    expect(builtIn.find((r) => r.title === 'Cracking the Coding Interview')).toMatchObject({
      author: 'Gayle Laakmann McDowell',
      createdAt: '2025-03-03T00:00:00.000Z',
    });
  });

  it('files a shared resource for review: its sharer sees it pending, others only once a moderator approves it', async () => {
    const item = await submitted(aliceAuth, { title: ' Tech Interview Handbook ', author: 'Yangshun Tay' });
    expect(item).toMatchObject({ title: 'Tech Interview Handbook', author: 'Yangshun Tay', status: 'pending', upvotes: 0 });
    expect((await list(aliceAuth)).map((r) => r.id)).toContain(item.id);
    expect((await list(bob)).map((r) => r.id)).not.toContain(item.id);
    expect((await list(mod, { status: 'pending' })).map((r) => r.id)).toContain(item.id);
    await request(svc.url).get('/api/external-resources?status=pending').set(bob).expect(403);
    await request(svc.url).patch(`/api/external-resources/${item.id}`).set(bob).send({ status: 'approved' }).expect(403);
    // Nobody else can mark what they cannot see.
    await mark(bob, 'post', item.id, 'upvote').expect(404);

    await request(svc.url).patch(`/api/external-resources/${item.id}`).set(mod).send({ status: 'approved' }).expect(200);
    expect((await list(bob)).find((r) => r.id === item.id)).toMatchObject({ status: 'approved' });
  });

  it('upvotes and favourites as on opportunities: once per user, repeatable, taken back', async () => {
    const leetcode = (await list(bob)).find((r) => r.title === 'LeetCode')!;
    const before = leetcode.upvotes;
    const answers = await Promise.all([1, 2, 3].map(() => mark(bob, 'post', leetcode.id, 'upvote').expect(200)));
    expect(answers.at(-1)!.body.data).toEqual({ id: leetcode.id, upvotes: before + 1, hasUserUpvoted: true, isFavorite: false });
    expect((await mark(aliceAuth, 'post', leetcode.id, 'upvote').expect(200)).body.data.upvotes).toBe(before + 2);
    expect((await mark(bob, 'post', leetcode.id, 'favorite').expect(200)).body.data).toMatchObject({ isFavorite: true, hasUserUpvoted: true });
    expect((await list(bob)).find((r) => r.id === leetcode.id)).toMatchObject({ upvotes: before + 2, hasUserUpvoted: true, isFavorite: true });
    expect((await list(aliceAuth)).find((r) => r.id === leetcode.id)).toMatchObject({ hasUserUpvoted: true, isFavorite: false });

    await mark(bob, 'delete', leetcode.id, 'upvote').expect(204);
    await mark(bob, 'delete', leetcode.id, 'upvote').expect(204);
    await mark(bob, 'delete', leetcode.id, 'favorite').expect(204);
    expect((await list(bob)).find((r) => r.id === leetcode.id)).toMatchObject({ upvotes: before + 1, hasUserUpvoted: false, isFavorite: false });
    await mark(bob, 'post', randomUUID(), 'favorite').expect(404);
    const malformed = await request(svc.url).post(`/api/external-resources/not-a-uuid/upvote`).set(bob).expect(404);
    expect(malformed.body.error).toEqual({ code: 'not_found', message: 'Resource not found' });
  });

  it.each([
    [
      { title: '', description: '', url: '', author: '' },
      { title: 'Please enter a title', description: 'Please provide a description', url: 'Please enter a URL', author: 'Please enter who made it' },
    ],
    [{ url: 'javascript:alert(1)' }, { url: 'Please enter a valid URL.' }],
    [{ title: 'x'.repeat(201) }, { title: 'Please enter a title' }],
    [{ author: ['a'] }, { author: 'Please enter who made it' }],
  ])('refuses hostile or malformed input #%# (400)', async (body, fields) => {
    const res = await submit(bob, body).expect(400);
    expect(res.body.error.fields).toEqual(fields);
  });

  it('tells a second sharer the link is already listed, and rejects with a reason the sharer is told of', async () => {
    const listed = await submit(bob, { url: 'https://leetcode.com/' }).expect(409);
    expect(listed.body.error).toEqual({
      code: 'conflict',
      message: 'This link is already listed: “LeetCode”',
      fields: { url: 'This link is already listed: “LeetCode”', listed: '/external-resources' },
    });

    const item = await submitted(aliceAuth, { title: 'Paid course funnel' });
    await request(svc.url).patch(`/api/external-resources/${item.id}`).set(mod).send({ status: 'rejected', reason: 'An advert' }).expect(200);
    const mine = (await request(svc.url).get('/api/moderation/submissions').set(aliceAuth).expect(200)).body;
    expect(mine.find((s: { id: string }) => s.id === item.id)).toMatchObject({ kind: 'resource', status: 'rejected', reason: 'An advert' });
    const events = await waitFor(async () => {
      const found = (await publishedEvents(env, 'community.submission.rejected')).filter((e) => e.data.item_id === item.id);
      return found.length > 0 && found;
    }, 30_000);
    expect(events[0].data).toMatchObject({ user_id: alice.id, kind: 'resource', title: 'Paid course funnel', reason: 'An advert', action: 'rejected' });
  });
});
