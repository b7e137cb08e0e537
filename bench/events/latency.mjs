#!/usr/bin/env node
// Event latency: a company created on interviews (POST /api/all-companies) until profile's read
// model of companies holds it. The path: HTTP → company row + outbox row in one transaction →
// outbox relay → JetStream (stored, acknowledged) → profile's durable pull consumer →
// processed_events + upsert in one transaction.
//
// Isolated (default): real PostgreSQL and NATS JetStream (DATABASE_URL / NATS_URL, default
// 127.0.0.1:5432 and :4222), loopback only. The built interviews and profile services run as two
// separate processes (as in production, logs at warn) with their own schemas and a fresh stream
// prefix, like TestEnvironment; everything is removed at the end.
//
//   npm run build -w @app/contracts -w @app/service-kit -w @app/interviews -w @app/profile
//   node bench/events/latency.mjs [events=1000] [concurrency=1] [warmup=50]
//
// Against a running stack (npm start): BASE_URL is the gateway, DATABASE_URL its database
// (schemas "interviews" and "profile", or INTERVIEWS_SCHEMA / PROFILE_SCHEMA).
//
//   BASE_URL=http://127.0.0.1:8080 DATABASE_URL=postgres://... node bench/events/latency.mjs
//
// Figures, in milliseconds:
//   end-to-end   POST sent → profile's read-model transaction committed (isolated only: a trigger the
//                bench adds to its throw-away profile schema NOTIFYs on that commit)
//   HTTP 201     POST sent → 201 received (the company and its event are committed by then)
//   after 201    201 received → read model committed (isolated: NOTIFY; stack: polled every 2 ms)
//   in database  interviews' creating transaction start → profile's handling transaction start, both
//                on the database's clock (companies.created_at vs the read model's updated_at)
// concurrency 1 measures latency alone; more measures it under a steady load.
import { spawn } from 'node:child_process';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { connect } from 'nats';
import pg from 'pg';

const [events = 1000, concurrency = 1, warmup = 50] = process.argv.slice(2).map(Number);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const stackUrl = process.env.BASE_URL;
const databaseUrl = process.env.DATABASE_URL ?? (stackUrl ? undefined : 'postgres://postgres@127.0.0.1:5432/postgres');
const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
if (!databaseUrl) {
  console.error('DATABASE_URL is needed with BASE_URL: the bench reads both services’ schemas');
  process.exit(2);
}
const prefix = `bench${randomBytes(3).toString('hex')}`;
const secret = randomBytes(32).toString('hex');
const schemas = stackUrl
  ? { interviews: process.env.INTERVIEWS_SCHEMA ?? 'interviews', profile: process.env.PROFILE_SCHEMA ?? 'profile' }
  : { interviews: `${prefix}_interviews`, profile: `${prefix}_profile` };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const children = [];
let db;

// ---------------------------------------------------------------------------------------- isolated
const mains = { interviews: path.join(root, 'services/interviews/dist/main.js'), profile: path.join(root, 'services/profile/dist/main.js') };

const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

async function startService(name) {
  if (!existsSync(mains[name])) {
    throw new Error(`${path.relative(root, mains[name])} is missing: npm run build -w @app/contracts -w @app/service-kit -w @app/interviews -w @app/profile`);
  }
  const port = await freePort();
  const child = spawn(process.execPath, [mains[name]], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATABASE_SCHEMA: schemas[name],
      NATS_URL: natsUrl,
      EVENT_BUS: 'nats',
      EVENT_SUBJECT_PREFIX: prefix,
      SUPABASE_JWT_SECRET: secret,
      AUTH_JWKS_URL: '',
      AUTH_ISSUER: '',
      LOG_LEVEL: 'warn',
      OTEL_EXPORTER_OTLP_ENDPOINT: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return url;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`${name} did not become ready`);
}

function hs256Token() {
  const b64 = (o) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const claims = { sub: randomUUID(), email: 'bench@example.com', aud: 'authenticated', role: 'authenticated', iat: now, exp: now + 3600 };
  const input = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

const count = async (schema) => Number((await db.query(`SELECT count(*) AS n FROM "${schema}".companies`)).rows[0].n);

/** Services up, profile caught up with the seeded companies, commits to its read model announced. */
async function isolated() {
  // As the launcher does: the streams first (services only check them).
  const { provisionEventStreamsAt } = createRequire(import.meta.url)(path.join(root, 'libs/service-kit/dist/index.js'));
  await provisionEventStreamsAt(natsUrl, { prefix, maxBytes: 8 * 1024 * 1024 });
  const interviews = await startService('interviews');
  await startService('profile');
  const seeded = await count(schemas.interviews);
  for (let i = 0; (await count(schemas.profile)) < seeded; i++) {
    if (i > 300) throw new Error('profile did not learn the seeded companies within 30 s');
    await sleep(100);
  }
  await db.query(`
    CREATE FUNCTION "${schemas.profile}".bench_notify() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN PERFORM pg_notify('${prefix}_company', NEW.id::text); RETURN NEW; END $$;
    CREATE TRIGGER bench_notify AFTER INSERT ON "${schemas.profile}".companies
      FOR EACH ROW EXECUTE FUNCTION "${schemas.profile}".bench_notify();
    LISTEN ${prefix}_company;`);
  const waiting = new Map(); // company id → resolve(t)
  const early = new Map(); // committed before the 201 was read (possible under load)
  db.on('notification', ({ payload }) => {
    const t = performance.now();
    const resolve = waiting.get(payload);
    if (resolve) resolve(t);
    else early.set(payload, t);
  });
  const arrival = (id) => {
    const t = early.get(id);
    if (t !== undefined) {
      early.delete(id);
      return t;
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`company ${id} never reached profile`)), 30_000);
      waiting.set(id, (at) => {
        clearTimeout(timer);
        waiting.delete(id);
        resolve(at);
      });
    });
  };
  return { companiesUrl: `${interviews}/api/all-companies`, authorization: `Bearer ${hs256Token()}`, arrival, committedAt: true };
}

// ------------------------------------------------------------------------------------------- stack
async function stack() {
  const signup = await fetch(`${stackUrl}/auth/v1/signup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: `latency.${Date.now()}@example.com`, password: 'bench1234' }),
  });
  if (!signup.ok) throw new Error(`sign-up answered ${signup.status}`);
  const { access_token: token } = await signup.json();
  const arrival = async (id) => {
    for (const started = performance.now(); ; await sleep(2)) {
      const { rowCount } = await db.query(`SELECT 1 FROM "${schemas.profile}".companies WHERE id = $1`, [id]);
      if (rowCount) return performance.now();
      if (performance.now() - started > 30_000) throw new Error(`company ${id} never reached profile`);
    }
  };
  return { companiesUrl: `${stackUrl}/api/all-companies`, authorization: `Bearer ${token}`, arrival, committedAt: false };
}

// --------------------------------------------------------------------------------------- measuring
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
function line(label, values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mean = sorted.reduce((s, v) => s + v, 0) / sorted.length;
  const f = (v) => v.toFixed(2).padStart(8);
  return `${label.padEnd(12)} p50 ${f(percentile(sorted, 50))}  p90 ${f(percentile(sorted, 90))}  p99 ${f(percentile(sorted, 99))}  max ${f(sorted.at(-1))}  mean ${f(mean)}  ms`;
}

async function measure({ companiesUrl, authorization, arrival }) {
  const runId = randomBytes(3).toString('hex');
  const one = async (n) => {
    const t0 = performance.now();
    const res = await fetch(companiesUrl, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Bench ${runId} ${n}`, website_url: `https://bench-${runId}-${n}.example.com` }),
    });
    const t1 = performance.now();
    if (res.status !== 201) throw new Error(`POST answered ${res.status}: ${await res.text()}`);
    const { data } = await res.json();
    const t2 = await arrival(data.id);
    return { id: data.id, total: t2 - t0, http: t1 - t0, after: t2 - t1 };
  };
  const run = async (total, offset) => {
    const results = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.max(1, concurrency) }, async () => {
        while (next < total) results.push(await one(offset + next++));
      }),
    );
    return results;
  };
  await run(warmup, 0);
  const started = performance.now();
  const results = await run(events, warmup);
  const seconds = (performance.now() - started) / 1000;
  const { rows } = await db.query(
    `SELECT extract(epoch FROM p.updated_at - i.created_at) * 1000 AS ms
       FROM "${schemas.profile}".companies p JOIN "${schemas.interviews}".companies i USING (id)
      WHERE id = ANY($1::uuid[])`,
    [results.map((r) => r.id)],
  );
  return { results, inDatabase: rows.map((r) => Number(r.ms)), seconds };
}

async function cleanUp() {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : undefined)));
  if (stackUrl) {
    await db?.end().catch(() => undefined);
    return;
  }
  if (db) {
    for (const schema of Object.values(schemas)) await db.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => undefined);
    await db.end().catch(() => undefined);
  }
  const nc = await connect({ servers: natsUrl });
  const jsm = await nc.jetstreamManager();
  for (const stream of [`${prefix}_EVENTS`, `${prefix}_DEADLETTER`]) await jsm.streams.delete(stream).catch(() => undefined);
  await nc.close();
}

try {
  db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const setup = stackUrl ? await stack() : await isolated();
  const { results, inDatabase, seconds } = await measure(setup);
  console.log(
    `interviews.company.created → profile read model: ${events} events, concurrency ${concurrency}, ${warmup} warm-up, ` +
      `${stackUrl ? `stack at ${stackUrl}` : 'isolated services'}; node ${process.version}`,
  );
  if (setup.committedAt)
    console.log(
      line(
        'end-to-end',
        results.map((r) => r.total),
      ),
    );
  console.log(
    line(
      'HTTP 201',
      results.map((r) => r.http),
    ),
  );
  console.log(
    line(
      'after 201',
      results.map((r) => r.after),
    ),
  );
  console.log(line('in database', inDatabase));
  console.log(`throughput   ${(events / seconds).toFixed(0)} companies/s created and delivered`);
} catch (err) {
  console.error(err.message);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
