import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { identityService, readMailbox } from '@app/identity';
import { profileService } from '@app/profile';
import { provisionEventStreamsAt, RunningService } from '@app/service-kit';
import { startNatsServer, TestEnvironment, testStreamMaxBytes } from '@app/service-kit/testing';
import { voiceService } from '@app/voice';
import { communityService } from '../../services/community/src';
import { nodeCommand } from './commands';
import { sleep, waitFor } from './waits';

// About 70 s: the minute away, then the drain, which waits at most the relay's longest backoff (30 s) after NATS returns.
jest.setTimeout(100_000);

/** How long NATS is away: a server of this test's own, SIGSTOPped (it holds its connections and answers nothing). */
const OUTAGE_MS = 60_000;
const SIGNUPS = 40;
const DELETIONS = 8;

/**
 * Issue 34 item 4: NATS away for a minute while users sign up, accounts are deleted and a
 * moderator changes a request's status twice. Mail does not wait for NATS (the mail outbox):
 * every confirmation goes out during the outage. Once NATS is back every outbox drains, every read
 * model converges (profiles and starter credits for the accounts that stayed, none for the deleted),
 * the follower hears of each status change once in the bell and once by e-mail, and nothing is
 * parked. Prints how long the backlog took to drain once NATS answered again.
 */
describe('NATS away for a minute', () => {
  const mailbox = mkdtempSync(path.join(tmpdir(), 'outage-mailbox-'));
  let env: TestEnvironment;
  let nats: Awaited<ReturnType<typeof startNatsServer>>;
  let identity: RunningService;
  let services: RunningService[];

  beforeAll(async () => {
    env = await TestEnvironment.create();
    nats = await startNatsServer();
    await provisionEventStreamsAt(nats.url, { prefix: env.prefix, maxBytes: testStreamMaxBytes });
    const own = { NATS_URL: nats.url };
    identity = await env.start(identityService, { ...own, MAILBOX_DIR: mailbox, AUTH_JWKS_URL: '', SIGNUPS_PER_ADDRESS_PER_HOUR: '1000' });
    services = [identity, ...(await Promise.all([profileService, voiceService, communityService].map((definition) => env.start(definition, own))))];
  });
  afterAll(async () => {
    nats?.resume();
    await env?.close();
    await nats?.stop();
    rmSync(mailbox, { recursive: true, force: true });
  });

  const [profile, voice, community] = [() => services[1], () => services[2], () => services[3]];
  const count = async (svc: RunningService, sql: string, params: unknown[] = []) => Number((await svc.db.query<{ n: string }>(sql, params)).rows[0].n);
  const call = async (svc: RunningService, method: string, url: string, auth: { Authorization: string }, body?: unknown) => {
    const res = await fetch(`${svc.url}${url}`, {
      method,
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(res.status).toBeLessThan(300);
    return res.json() as Promise<{ data?: { id?: string } }>;
  };
  const signUp = async (email: string): Promise<string> => {
    const res = await fetch(`${identity.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: 'secret123' }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { user: { id: string } }).user.id;
  };
  const backlog = async () => (await Promise.all(services.map((s) => s.events.outboxState()))).reduce((n, s) => n + s.backlog, 0);

  it('converges once NATS is back: every event applied once, every mail sent once, nothing lost or parked', async () => {
    const run = Date.now().toString(36);
    // Before: a confirmed follower of an open request, and a moderator.
    const followerEmail = `follower-${run}@example.com`;
    const followerId = await signUp(followerEmail);
    await identity.db.query('UPDATE users SET email_confirmed_at = now() WHERE id = $1', [followerId]);
    const follower = await env.authHeader({ id: followerId, email: followerEmail });
    const moderator = await env.authHeader({ ...env.newUser(), app_metadata: { provider: 'email', role: 'moderator' } });
    const title = `Offline mode ${run}`;
    await call(community(), 'POST', '/api/contact-form', follower, { subject: 'Feature Request', title, message: title });
    const { rows } = await community().db.query<{ id: string }>('SELECT id FROM requested_features WHERE title = $1', [title]);
    const request = rows[0].id;
    await call(community(), 'PATCH', `/api/feature-requests/${request}`, moderator, { status: 'open' });
    await call(community(), 'PUT', `/api/feature-requests/${request}/subscription`, follower, {});
    await waitFor(async () => (await backlog()) === 0, 15_000);

    nats.pause();
    const pausedAt = Date.now();
    const emails = Array.from({ length: SIGNUPS }, (_, i) => `outage-${run}-${i}@example.com`);
    const ids: string[] = [];
    for (const email of emails) ids.push(await signUp(email));
    for (const email of emails.slice(0, DELETIONS)) {
      const deleted = await nodeCommand(path.resolve(__dirname, '../../services/identity/dist/admin.js'), ['delete-user', email], {
        ...process.env,
        DATABASE_URL: env.databaseUrl,
        DATABASE_SCHEMA: identity.db.schema,
      });
      // With its output, so that a refusal says why.
      expect({ status: deleted.status, stderr: deleted.stderr }).toMatchObject({ status: 0 });
    }
    await call(community(), 'PATCH', `/api/feature-requests/${request}`, moderator, { status: 'planned' });
    await call(community(), 'PATCH', `/api/feature-requests/${request}`, moderator, { status: 'started' });
    // Mail does not wait for NATS: each sign-up's confirmation is out while it is away.
    await waitFor(async () => (await Promise.all(emails.map(async (e) => (await readMailbox(mailbox, e)).length))).every((n) => n === 1), 30_000);
    const waiting = await backlog();
    expect(waiting).toBeGreaterThanOrEqual(SIGNUPS + DELETIONS + 2);
    await sleep(Math.max(0, OUTAGE_MS - (Date.now() - pausedAt)));

    nats.resume();
    const resumedAt = Date.now();
    await waitFor(async () => (await backlog()) === 0, 35_000);
    const drainedMs = Date.now() - resumedAt;
    const kept = ids.slice(DELETIONS);
    const gone = ids.slice(0, DELETIONS);
    await waitFor(
      async () =>
        (await count(profile(), 'SELECT count(*) AS n FROM user_profiles WHERE id = ANY($1::uuid[])', [kept])) === kept.length &&
        (await count(voice(), 'SELECT count(*) AS n FROM credit_accounts WHERE user_id = ANY($1::uuid[])', [kept])) === kept.length &&
        // Deleted accounts: erased wherever their sign-up reached. Out of order, a deletion applied
        // before its sign-up would leave a row for good, and this would time out.
        (await count(profile(), 'SELECT count(*) AS n FROM user_profiles WHERE id = ANY($1::uuid[])', [gone])) === 0 &&
        (await count(voice(), 'SELECT count(*) AS n FROM credit_accounts WHERE user_id = ANY($1::uuid[])', [gone])) === 0 &&
        (await count(community(), 'SELECT count(*) AS n FROM notifications WHERE user_id = $1', [followerId])) === 2 &&
        (await readMailbox(mailbox, followerEmail)).filter((m) => m.subject.startsWith('Feature request')).length === 2,
      40_000,
    );
    const convergedMs = Date.now() - resumedAt;
    console.warn(
      `NATS away ${Math.round((resumedAt - pausedAt) / 1000)} s: ${waiting} events waited in the outboxes; drained in ${drainedMs} ms ` +
        `(${Math.round((waiting * 1000) / drainedMs)} events/s), read models converged in ${convergedMs} ms`,
    );

    // Deleted accounts stay erased (an account's events are ordered by user): a late sign-up event would bring one back.
    await sleep(500);
    expect(await count(profile(), 'SELECT count(*) AS n FROM user_profiles WHERE id = ANY($1::uuid[])', [gone])).toBe(0);
    expect(await count(voice(), 'SELECT count(*) AS n FROM credit_accounts WHERE user_id = ANY($1::uuid[])', [gone])).toBe(0);
    // Once each: one confirmation per sign-up, one mail and one bell notification per status change.
    for (const email of emails) expect(await readMailbox(mailbox, email)).toHaveLength(1);
    const updates = (await readMailbox(mailbox, followerEmail)).filter((m) => m.subject.startsWith('Feature request')).map((m) => m.subject);
    expect(updates.sort()).toEqual([`Feature request "${title}" is now in progress`, `Feature request "${title}" is now planned`]);
    expect(await count(community(), 'SELECT count(*) AS n FROM notifications WHERE user_id = $1', [followerId])).toBe(2);
    for (const svc of services) expect(await svc.events.outboxState()).toMatchObject({ backlog: 0, parked: 0 });
  });
});
