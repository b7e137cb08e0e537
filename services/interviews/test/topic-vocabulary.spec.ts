import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { companyInsightsSchema, interviewListItemSchema, problemTopics, topicLabel } from '@app/contracts';
import request from 'supertest';
import { interviewsService } from '../src';
import { restartInterviews, someone, startInterviews, svc } from './fixtures';

jest.setTimeout(60_000);

const migration = '0013_topics_as_catalogue_tags.sql';
/** The problem topics whose catalogue tag differs from the word shown for them, which reports stored before. */
const renamed = problemTopics.filter((topic) => topicLabel(topic) !== topic);

/** The migrations of the previous release: every one before 0013. */
const previous = mkdtempSync(path.join(tmpdir(), 'interviews-before-0013-'));
for (const file of readdirSync(interviewsService.migrationsDir)) {
  if (file.endsWith('.sql') && file < migration) copyFileSync(path.join(interviewsService.migrationsDir, file), path.join(previous, file));
}
afterAll(() => rmSync(previous, { recursive: true, force: true }));

/**
 * Issue 32: reports shared before the one topic vocabulary hold the spec's words ('Arrays', 'DFS');
 * migration 0013 rewrites them to the catalogue tags they stand for, in the reports and in their
 * companies' insight counters. The service first starts on a schema as the previous release left
 * it, where the reports are written as that release wrote them; then it restarts as the new
 * release does, which applies 0013.
 */
describe('interviews: migration 0013 makes stored topics catalogue tags', () => {
  startInterviews({ migrationsDir: previous });
  const author = randomUUID();

  /** A report as the previous release stored it, with what it then added to its company's counters. */
  const storedBefore = async (company: string, topics: string[]) => {
    const { rows } = await svc.db.query<{ id: string }>(
      `INSERT INTO candidate_interviews (user_id, company_id, topics, rounds, round_count)
       SELECT $1, id, $3, '[{"round": "Other"}]', 1 FROM companies WHERE name = $2 RETURNING id`,
      [author, company, topics],
    );
    await svc.db.query(
      `INSERT INTO company_insight_counts (company_id, kind, key, n)
       SELECT company_id, kind, key, count(*) FROM interview_insight_keys WHERE id = $1 GROUP BY company_id, kind, key
       ON CONFLICT (company_id, kind, key) DO UPDATE SET n = company_insight_counts.n + EXCLUDED.n`,
      [rows[0].id],
    );
    return rows[0].id;
  };
  const topicsOf = async (id: string) =>
    (await svc.db.query<{ topics: string[] }>('SELECT topics FROM candidate_interviews WHERE id = $1', [id])).rows[0].topics;
  const counters = async () =>
    (await svc.db.query(`SELECT company_id, key, n FROM company_insight_counts WHERE kind = 'topic' AND n <> 0 ORDER BY company_id, key`)).rows;
  const recount = async () =>
    (
      await svc.db.query(
        `SELECT company_id, key, count(*)::int AS n FROM interview_insight_keys WHERE kind = 'topic' GROUP BY company_id, key ORDER BY company_id, key`,
      )
    ).rows;
  const insights = async (company: string) =>
    companyInsightsSchema.parse(
      (
        await request(svc.url)
          .get(`/api/all-companies/${company}/insights`)
          .set(await someone())
          .expect(200)
      ).body,
    );

  it('rewrites each old name in its place, leaves the other topics, and moves the counters whole; a second run adds only what is new', async () => {
    const old = renamed.map(topicLabel);
    expect(old).toEqual(['Arrays', 'Strings', 'Hash Tables', 'Linked Lists', 'Stacks', 'Queues', 'Trees', 'Graphs', 'Heaps', 'DFS', 'BFS']);
    const mixed = await storedBefore('Google', ['DFS', 'System Design', 'Arrays', 'Binary Search']);
    const every = await storedBefore('Google', old);
    const none = await storedBefore('Google', []);
    const other = await storedBefore('Meta', ['Graphs', 'Python']);
    // Read from the counters: today's service answers insights on today's schema only (offer ranges, 0014).
    const googleBefore = await svc.db.query(
      `SELECT key, n::int FROM company_insight_counts WHERE kind = 'topic' AND key IN ('Arrays', 'DFS')
         AND company_id = (SELECT id FROM companies WHERE name = 'Google') ORDER BY key`,
    );
    expect(googleBefore.rows).toEqual([
      { key: 'Arrays', n: 2 },
      { key: 'DFS', n: 2 },
    ]);

    await restartInterviews();
    expect((await svc.db.query('SELECT 1 FROM schema_migrations WHERE name = $1', [`interviews/${migration}`])).rowCount).toBe(1);

    expect(await topicsOf(mixed)).toEqual(['Depth-First Search', 'System Design', 'Array', 'Binary Search']);
    expect(await topicsOf(every)).toEqual(renamed);
    expect(await topicsOf(none)).toEqual([]);
    expect(await topicsOf(other)).toEqual(['Graph', 'Python']);
    const listed = (
      await request(svc.url)
        .get('/api/candidate-interviews')
        .query({ company: 'Meta' })
        .set(await someone())
        .expect(200)
    ).body;
    expect(listed.map((item: unknown) => interviewListItemSchema.parse(item).topics)).toEqual([['Graph', 'Python']]);

    // The insights count the new names only, as many as before.
    expect(await counters()).toEqual(await recount());
    expect((await svc.db.query(`SELECT key FROM company_insight_counts WHERE kind = 'topic' AND key = ANY($1)`, [old])).rows).toEqual([]);
    expect((await insights('google')).top_topics).toEqual([
      { topic: 'Array', count: 2 },
      { topic: 'Depth-First Search', count: 2 },
      ...['Binary Search', 'Breadth-First Search', 'Graph', 'Hash Table', 'Heap (Priority Queue)', 'Linked List', 'Queue', 'Stack'].map((topic) => ({
        topic,
        count: 1,
      })),
    ]);
    expect((await insights('meta')).top_topics).toEqual([
      { topic: 'Graph', count: 1 },
      { topic: 'Python', count: 1 },
    ]);

    // Run again, it changes nothing; after a report with an old name from a replica of the previous
    // release (a rolling deploy), it rewrites that one and adds it to the new name's counter.
    const sql = readFileSync(path.join(interviewsService.migrationsDir, migration), 'utf8');
    const state = async () => ({ topics: (await svc.db.query('SELECT id, topics FROM candidate_interviews ORDER BY id')).rows, counters: await counters() });
    const once = await state();
    await svc.db.query(sql);
    expect(await state()).toEqual(once);
    const late = await storedBefore('Meta', ['Graphs']);
    await svc.db.query(sql);
    expect(await topicsOf(late)).toEqual(['Graph']);
    expect(await counters()).toEqual(await recount());
    expect((await insights('meta')).top_topics).toEqual([
      { topic: 'Graph', count: 2 },
      { topic: 'Python', count: 1 },
    ]);
  });
});
