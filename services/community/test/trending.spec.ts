import { randomUUID } from 'node:crypto';
import { FeatureRequest } from '@app/contracts';
import request from 'supertest';
import { JobRunner } from '@app/service-kit';
import { TrendingAging } from '../src/feature-requests/trending-aging';
import { env, startCommunity, svc } from './fixtures';

jest.setTimeout(60_000);

/** Trending kept on each request (migration 0015): the upvote trigger and the aging of 14-day-old upvotes. */
describe('community: trending counts at scale', () => {
  let auth: { Authorization: string };

  startCommunity();

  beforeAll(async () => {
    auth = await env.authHeader(env.newUser());
  });

  const openRequest = async (title: string): Promise<string> =>
    (await svc.db.query<{ id: string }>("INSERT INTO requested_features (title, description, status) VALUES ($1, $1, 'open') RETURNING id", [title])).rows[0]
      .id;
  const votes = async (id: string, count: number, daysAgo: number) => {
    for (let i = 0; i < count; i++) {
      await svc.db.query(
        `INSERT INTO interactions (user_id, entity_type, entity_id, interaction_type, created_at)
         VALUES ($1, 'feature_request', $2, 'upvote', now() - make_interval(days => $3))`,
        [randomUUID(), id, daysAgo],
      );
    }
  };
  const counts = async (ids: string[]) =>
    (
      await svc.db.query<{ id: string; trending_upvotes: number; upvotes: number }>(
        'SELECT id, trending_upvotes, upvotes FROM requested_features WHERE id = ANY($1)',
        [ids],
      )
    ).rows;
  const trending = async (tag: string) =>
    ((await request(svc.url).get('/api/feature-requests').query({ q: tag, sort: 'trending' }).set(auth).expect(200)).body as FeatureRequest[]).map((f) => f.id);

  it('counts upvotes younger than 14 days as they come and go, and ages out exactly those that pass 14 days', async () => {
    // The runs here are by hand: the job's own (the first right after the start) would age what the test sets up.
    await svc.app.get(JobRunner).stop();
    const tag = `trend-${randomUUID().slice(0, 8)}`;
    const recent = await openRequest(`${tag} recent`);
    const aging = await openRequest(`${tag} aging`);
    // As if the last aging ran five days ago: upvotes 15 days old are still counted until the next run.
    await svc.db.query("UPDATE trending_aging SET aged_until = now() - interval '5 days'");
    await votes(recent, 2, 3);
    await votes(aging, 4, 15);
    await votes(aging, 1, 30);
    const upvoted = await request(svc.url).post(`/api/feature-requests/${recent}/interactions`).set(auth).send({ interaction_type: 'upvote' }).expect(201);
    expect(await counts([recent, aging])).toEqual(
      expect.arrayContaining([
        { id: recent, trending_upvotes: 3, upvotes: 3 },
        { id: aging, trending_upvotes: 4, upvotes: 5 },
      ]),
    );
    expect(await trending(tag)).toEqual([aging, recent]);

    // Two replicas' runs at once: the second finds nothing more to take off.
    const aged = svc.app.get(TrendingAging);
    await Promise.all([aged.age(), aged.age()]);
    expect(await counts([recent, aging])).toEqual(
      expect.arrayContaining([
        { id: recent, trending_upvotes: 3, upvotes: 3 },
        { id: aging, trending_upvotes: 0, upvotes: 5 },
      ]),
    );
    expect(await trending(tag)).toEqual([recent, aging]);

    await request(svc.url).delete(`/api/feature-requests/${recent}/interactions/${upvoted.body.data.id}`).set(auth).expect(204);
    await votes(aging, 3, 1);
    expect(await counts([recent, aging])).toEqual(
      expect.arrayContaining([
        { id: recent, trending_upvotes: 2, upvotes: 2 },
        { id: aging, trending_upvotes: 3, upvotes: 8 },
      ]),
    );
    expect(await trending(tag)).toEqual([aging, recent]);
  });
});
