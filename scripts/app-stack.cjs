// The whole app on the test infrastructure, for browser tests and the browser benches: a fresh
// database on the test Postgres, its own event streams on the test NATS, the launcher on a free port,
// ready once every service answers; stopped, its database and streams are dropped.
const { spawn } = require('node:child_process');
const path = require('node:path');
const { Client } = require('pg');
const { connect } = require('nats');
const { freePort } = require('./free-port.cjs');

const root = path.resolve(__dirname, '..');

/**
 * Starts the launcher (already built: SKIP_BUILD) with `env` over the shared settings; `name` starts
 * the database's and streams' name. Answers what stopApp needs and the app's baseUrl.
 */
async function startApp({ name, env = {}, readyWithinMs = 90_000 }) {
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const database = `${name}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;

  const port = await freePort();
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
      // The shared NATS server reserves each stream's limit.
      EVENT_STREAM_MAX_BYTES: String(8 * 1024 * 1024),
      LOG_LEVEL: 'error',
      SKIP_BUILD: '1',
      // Another app may be starting beside this one.
      SERVICE_PORTS: 'any',
      ...env,
    },
  });
  const app = { pid: child.pid, database, adminUrl, baseUrl: `http://127.0.0.1:${port}` };
  const deadline = Date.now() + readyWithinMs;
  for (;;) {
    try {
      // The gateway answers 200 as soon as it can serve; `ready` says every service answers too.
      const res = await fetch(`${app.baseUrl}/readyz`);
      if (res.ok && (await res.json()).status === 'ready') return app;
    } catch {
      // not yet
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      await stopApp(app);
      throw new Error(
        child.exitCode !== null ? 'the app exited while starting' : `the app did not become ready at ${app.baseUrl} within ${readyWithinMs / 1000} s`,
      );
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Stops the launcher (in order within 10 s, then forced), drops its database and streams. */
async function stopApp({ pid, database, adminUrl }) {
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
}

module.exports = { startApp, stopApp };
