import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { interviewsService } from '../src';
import { restartInterviews, startInterviews, svc } from './fixtures';

jest.setTimeout(60_000);

const migration = '0015_known_accounts_first_seen.sql';
/** The migrations of the release before 0015. */
const previous = mkdtempSync(path.join(tmpdir(), 'interviews-before-0015-'));
for (const file of readdirSync(interviewsService.migrationsDir)) {
  if (file.endsWith('.sql') && file < migration) copyFileSync(path.join(interviewsService.migrationsDir, file), path.join(previous, file));
}
afterAll(() => rmSync(previous, { recursive: true, force: true }));

/** Issue 35 item 1: authors of reports shared before known_accounts existed are seen from their first report. */
describe('interviews: migration 0015 sees the authors of older reports', () => {
  startInterviews({ migrationsDir: previous });

  it('makes each author known from its earliest report, unconfirmed, and keeps an earlier registration', async () => {
    const [author, registered] = [randomUUID(), randomUUID()];
    const report = (userId: string, at: string) =>
      svc.db.query(
        `INSERT INTO candidate_interviews (user_id, company_id, rounds, round_count, created_at)
         SELECT $1, id, '[]', 0, $2 FROM companies WHERE name = 'Google'`,
        [userId, at],
      );
    await report(author, '2026-03-01T10:00:00Z');
    await report(author, '2026-01-15T10:00:00Z');
    await report(registered, '2026-02-01T10:00:00Z');
    await svc.db.query("INSERT INTO known_accounts (user_id, registered_at, confirmed_at) VALUES ($1, '2025-12-01T00:00:00Z', now())", [registered]);

    await restartInterviews();
    const { rows } = await svc.db.query<{ user_id: string; registered_at: Date; confirmed: boolean }>(
      'SELECT user_id, registered_at, confirmed_at IS NOT NULL AS confirmed FROM known_accounts WHERE user_id = ANY($1::uuid[])',
      [[author, registered]],
    );
    const byId = Object.fromEntries(rows.map((r) => [r.user_id, [r.registered_at.toISOString(), r.confirmed]]));
    expect(byId).toEqual({ [author]: ['2026-01-15T10:00:00.000Z', false], [registered]: ['2025-12-01T00:00:00.000Z', true] });
  });
});
