// Starting and stopping a whole stack for browser tests: a fresh database on the test Postgres, its
// own event streams on the test NATS, the launcher on a free port. global-setup starts one per jest
// worker; a file that reads the app as a newcomer would, or needs the services configured otherwise
// (ElevenLabs voice), starts its own (ownStack in browser.ts).
const { spawn } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const { mkdtempSync, rmSync } = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { Client } = require('pg');
const { connect } = require('nats');
// The launcher's own choice of a free port (below the ephemeral range).
const { freePort } = require('../../../scripts/free-port.cjs');

const root = path.resolve(__dirname, '../../..');

/** Starts the launcher on its own database and streams; answers what stopStack needs once every service is ready. */
async function startStack(env = {}) {
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const database = `e2e_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;

  const port = await freePort();
  // identity's developer mailbox (no SMTP_URL): the tests open confirmation links from it.
  const mailbox = mkdtempSync(path.join(os.tmpdir(), 'e2e-mailbox-'));
  // One seal for identity's signing keys, shared with the second identity auth.e2e.ts starts over the same data.
  process.env.SIGNING_KEY_ENCRYPTION_KEY ??= randomBytes(32).toString('base64');
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: url.toString(),
      NATS_URL: process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222',
      EVENT_SUBJECT_PREFIX: database,
      // Every browser test signs up from the same address.
      SIGNUPS_PER_ADDRESS_PER_HOUR: '1000',
      // A scripted browser clicks far faster than a person: as in every other test environment, the
      // per-user share is lifted here and tested where it is set low (gateway and kit suites).
      // The shared NATS server reserves each stream's limit.
      EVENT_STREAM_MAX_BYTES: String(8 * 1024 * 1024),
      USER_REQUESTS_PER_SECOND: '1000000',
      USER_REQUEST_BURST: '1000000',
      // Every call comes from this machine's one address, several users' at once.
      CLIENT_MAX_IN_FLIGHT: '1000000',
      // Three stacks and the system tests share the test Postgres and its 100 connections: 10 per
      // service (the default) could take them all, and a service then answers 503; 4 still lets a
      // page's parallel requests through at once.
      DATABASE_POOL_MAX: '4',
      MAILBOX_DIR: mailbox,
      // Practice's daily review e-mail: everyone's day has started, and the job looks every second.
      REVIEW_DIGEST_HOUR: '0',
      REVIEW_DIGEST_INTERVAL_SECONDS: '1',
      LOG_LEVEL: 'error',
      // global-setup built what the launcher would.
      SKIP_BUILD: '1',
      // Another stack may be starting beside this one.
      SERVICE_PORTS: 'any',
      ...env,
    },
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const stack = { pid: child.pid, database, adminUrl, baseUrl, mailbox };
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      // The gateway answers 200 as soon as it can serve; `ready` says every service answers too.
      const res = await fetch(`${baseUrl}/readyz`);
      if (res.ok && (await res.json()).status === 'ready') break;
    } catch {
      // not yet
    }
    if (child.exitCode !== null) throw new Error('the stack exited while starting');
    if (Date.now() > deadline) {
      await stopStack(stack);
      throw new Error(`the stack did not become ready at ${baseUrl} within 90 s`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return stack;
}

/** Stops the launcher (in order within 10 s, then forced), drops its database and streams. */
async function stopStack({ pid, database, adminUrl, mailbox }) {
  const alive = () => {
    try {
      process.kill(-pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (alive()) process.kill(-pid, 'SIGTERM');
  for (const deadline = Date.now() + 10_000; alive() && Date.now() < deadline;) await new Promise((r) => setTimeout(r, 100));
  if (alive()) process.kill(-pid, 'SIGKILL');
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin.end();
  const nc = await connect({ servers: process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222' });
  const jsm = await nc.jetstreamManager();
  for (const stream of [`${database}_EVENTS`, `${database}_DEADLETTER`]) await jsm.streams.delete(stream).catch(() => undefined);
  await nc.close();
  if (mailbox) rmSync(mailbox, { recursive: true, force: true });
}

module.exports = { startStack, stopStack };
