import { randomUUID } from 'node:crypto';
import { Opportunity } from '@app/contracts';
import request from 'supertest';
import { env, startCommunity, svc } from './fixtures';

jest.setTimeout(60_000);

type Auth = { Authorization: string };

/**
 * Word search ranked by where the words are (issue 23, search p95 ≤ 50 ms): all in the title, then
 * title and company together, then anywhere; newest first within each; open ones before ended
 * ones; every filter kept; cursor pages that cross the tiers without losing or repeating a row.
 */
describe('community: Student Pathfinder word search by tier', () => {
  let bob: Auth;
  let seq = 0;

  startCommunity();

  beforeAll(async () => {
    bob = await env.authHeader(env.newUser());
  });

  interface Seed {
    title: string;
    description?: string;
    company?: string;
    day: number;
    ended?: 'closed' | 'past';
    badge?: 'Selective';
    status?: string;
  }
  /** Rows straight in the table, each a day apart (day 1 the oldest), so the expected order is exact. */
  const seed = async (rows: Seed[]): Promise<string[]> => {
    const ids: string[] = [];
    for (const row of rows) {
      const link = `https://search.example.com/${++seq}`;
      const { rows: made } = await svc.db.query<{ id: string }>(
        `INSERT INTO pathfinder_opportunities (title, description, company, link, link_key, compensation, status, badge, created_at, closed_at, deadline)
         VALUES ($1, $2, $3, $4, $4, 0, $5, $6, '2026-03-01T00:00:00Z'::timestamptz + make_interval(days => $7),
           CASE WHEN $8 = 'closed' THEN now() END, CASE WHEN $8 = 'past' THEN '2001-01-01'::date END) RETURNING id`,
        [row.title, row.description ?? 'Details', row.company ?? null, link, row.status ?? 'approved', row.badge ?? null, row.day, row.ended ?? null],
      );
      ids.push(made[0].id);
    }
    return ids;
  };
  const list = async (query: Record<string, string | number>) => {
    const res = await request(svc.url).get('/api/pathfinder').query(query).set(bob).expect(200);
    return { items: res.body as Opportunity[], next: res.headers['x-next-cursor'] as string | undefined };
  };
  const ids = (items: Opportunity[]) => items.map((o) => o.id);
  const everyPage = async (query: Record<string, string | number>, limit: number) => {
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await list({ ...query, limit, ...(cursor ? { cursor } : {}) });
      seen.push(...ids(page.items));
      cursor = page.next;
    } while (cursor);
    return seen;
  };

  it('lists title hits, then title and company, then description, newest first in each, the ended ones after, whatever the page size', async () => {
    const w = `tq${randomUUID().slice(0, 6)}`;
    const [t1, t2, c1, d1, d2, tEnded, cEnded, dEnded] = await seed([
      { title: `${w} fellowship`, day: 1 },
      { title: `Research ${w}`, day: 5 },
      { title: 'Data role', company: `${w} Labs`, day: 8 },
      { title: 'Backend role', description: `Build ${w} pipelines`, day: 9 },
      { title: 'Frontend role', description: `${w} ${w}`, day: 2 },
      { title: `${w} closed`, day: 7, ended: 'closed' },
      { title: 'Infra role', company: `${w} Corp`, day: 6, ended: 'past' },
      { title: 'Old role', description: `About ${w}`, day: 10, ended: 'closed' },
    ]);
    await seed([
      { title: 'Unrelated', description: 'Nothing here', day: 11 },
      { title: `${w} hidden`, day: 12, status: 'rejected' },
    ]);
    const expected = [t2, t1, c1, d1, d2, tEnded, cEnded, dEnded];

    expect(ids((await list({ q: w })).items)).toEqual(expected);
    for (const limit of [1, 2, 3, 5]) expect(await everyPage({ q: w }, limit)).toEqual(expected);
    // Open only: the ended ones are gone, the tiers stay.
    expect(await everyPage({ q: w, open: 'true' }, 2)).toEqual([t2, t1, c1, d1, d2]);
    // The last word as typed so far finds the same rows in the same order.
    expect(ids((await list({ q: w.slice(0, 5) })).items)).toEqual(expect.arrayContaining(expected));
    expect(ids((await list({ q: w.slice(0, 5) })).items).filter((id) => expected.includes(id))).toEqual(expected);
  });

  it('puts a search whose words are split between title and company in the middle tier, and needs every word', async () => {
    const w = `tm${randomUUID().slice(0, 6)}`;
    const v = `tv${randomUUID().slice(0, 6)}`;
    const [both, split, spread, onlyOne] = await seed([
      { title: `${w} ${v} programme`, day: 1 },
      { title: `${w} programme`, company: `${v} Inc`, day: 3 },
      { title: `${w} programme`, description: `With ${v}`, day: 4 },
      { title: `${w} only`, day: 5 },
    ]);
    expect(ids((await list({ q: `${w} ${v}` })).items)).toEqual([both, split, spread]);
    expect(ids((await list({ q: `${v} ${w}` })).items)).toEqual([both, split, spread]);
    expect(ids((await list({ q: w })).items)).toEqual([onlyOne, spread, split, both]);
  });

  it('keeps the filters in every tier', async () => {
    const w = `tf${randomUUID().slice(0, 6)}`;
    const [selectiveTitle, , selectiveDescription, selectiveCompany] = await seed([
      { title: `${w} one`, day: 1, badge: 'Selective' },
      { title: `${w} two`, day: 2 },
      { title: 'Three', description: w, day: 3, badge: 'Selective' },
      { title: 'Four', company: `${w} Co`, day: 4, badge: 'Selective' },
      { title: 'Five', company: `${w} Co`, day: 5 },
    ]);
    expect(await everyPage({ q: w, selective: 'true' }, 1)).toEqual([selectiveTitle, selectiveCompany, selectiveDescription]);
    expect(ids((await list({ q: w, company: `${w} co` })).items)).toHaveLength(2);
  });

  it('pages across the tiers without losing or repeating a row while others are added, and refuses a cursor from another sort or a forged tier', async () => {
    const w = `ta${randomUUID().slice(0, 6)}`;
    const seeded = await seed(
      Array.from({ length: 9 }, (_, i) => ({
        title: i % 3 === 0 ? `${w} role ${i}` : `Role ${i}`,
        company: i % 3 === 1 ? `${w} Group` : undefined,
        description: i % 3 === 2 ? `About ${w}` : 'Details',
        day: i + 1,
      })),
    );
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await list({ q: w, limit: 2, ...(cursor ? { cursor } : {}) });
      seen.push(...ids(page.items));
      cursor = page.next;
      pages += 1;
      // Added in every tier between pages: each sorts before or after the cursor, never into a page twice.
      await seed([
        { title: `${w} added ${pages}`, day: 20 + pages },
        { title: 'Added', description: w, day: 20 + pages },
      ]);
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expect.arrayContaining(seeded));

    const newest = (await list({ q: w, sort: 'newest', limit: 1 })).next!;
    await request(svc.url).get('/api/pathfinder').query({ q: w, cursor: newest }).set(bob).expect(400);
    const forged = Buffer.from(JSON.stringify({ sort: 'relevance', place: ['0', '3', '2026-03-01T00:00:00.000000Z', randomUUID()] })).toString('base64url');
    const res = await request(svc.url).get('/api/pathfinder').query({ q: w, cursor: forged }).set(bob).expect(400);
    expect(res.body.error).toMatchObject({ code: 'validation_failed', fields: { cursor: 'Invalid cursor' } });
  });

  it('takes hostile search text as words only', async () => {
    const w = `th${randomUUID().slice(0, 6)}`;
    const [hit] = await seed([{ title: `${w} role`, day: 1 }]);
    for (const q of [`${w}:* | !`, `'${w}'); --`, `(${w}) & <->`, `${w}\\`, `"${w}" %_`]) expect(ids((await list({ q })).items)).toContain(hit);
    expect((await list({ q: "'):* & | !" })).items).toEqual([]);
    await request(svc.url)
      .get('/api/pathfinder')
      .query({ q: 'x'.repeat(201) })
      .set(bob)
      .expect(400);
  });
});
