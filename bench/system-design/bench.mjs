#!/usr/bin/env node
// System Design's two performance bars (issue 36), measured on the practice service itself:
//   prompt list   GET /api/system-design/prompts, p95 <= 30 ms, for a candidate with 10,000 attempts
//                 of every prompt (41 x 10,000 rows) and "asked at" counts from 500 companies
//   autosave      PUT /api/system-design/attempts/:id with a 200 KB Excalidraw scene, p95 <= 50 ms
// Three runs of each, one line of percentiles a run; first, the JavaScript of the System Design route
// in apps/web/dist (brotli): its own chunks beyond the first page's, and the canvas's, loaded when it
// opens (CHUNKS_ONLY=1 stops there; build @app/web first). Usage (Postgres and NATS at DATABASE_URL /
// NATS_URL, default 127.0.0.1:5432 and :4222):
//   npm run build -w @app/contracts -w @app/service-kit -w @app/practice && node bench/system-design/bench.mjs
// The built practice service runs as its own process (as in production, logs at warn) on a schema
// and stream prefix of its own, removed at the end, and is called over keep-alive HTTP without the
// gateway in between. CALLS (default 300) per run, CONCURRENCY (default 4) in flight,
// ATTEMPTS_PER_PROMPT (default 10000).
import { spawn } from 'node:child_process';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const calls = Number(process.env.CALLS ?? 300);
const concurrency = Number(process.env.CONCURRENCY ?? 4);
const attemptsPerPrompt = Number(process.env.ATTEMPTS_PER_PROMPT ?? 10_000);
const runs = 3;
const targets = { list: 30, autosave: 50 };
const prefix = `bench${randomBytes(3).toString('hex')}`;
const schema = `${prefix}_practice`;
const secret = randomBytes(32).toString('hex');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

function hs256Token(userId) {
  const b64 = (o) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    sub: userId,
    email: 'bench@example.com',
    email_verified: true,
    aud: 'authenticated',
    role: 'authenticated',
    session_id: randomUUID(),
    iat: now,
    exp: now + 3600,
  };
  const input = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

/**
 * The route's chunks as the browser fetches them: the lazy chunk holding the pages (found by a text of
 * theirs) and its static imports, less what the first page already loaded; then what the canvas's
 * dynamic import adds. Imports are read from the built files (Vite's `from"./x.js"`, `import("./x.js")`).
 */
function routeChunks() {
  const assets = path.join(root, 'apps/web/dist/assets');
  if (!fs.existsSync(assets)) return console.log('route chunks: apps/web/dist missing (npx nx run @app/web:build)');
  const read = (file) => fs.readFileSync(path.join(assets, file), 'utf8');
  const imports = (file, dynamic) =>
    [...read(file).matchAll(dynamic ? /import\(["`]\.\/([^"`]+\.js)["`]\)/g : /(?:from|import)\s*["`]\.\/([^"`]+\.js)["`]/g)].map((m) => m[1]);
  const closure = (starts, seen = new Set()) => {
    const todo = [...starts];
    while (todo.length) {
      const file = todo.pop();
      if (seen.has(file) || !fs.existsSync(path.join(assets, file))) continue;
      seen.add(file);
      todo.push(...imports(file, false));
    }
    return seen;
  };
  const entry = /src="\/assets\/([^"]+\.js)"/.exec(fs.readFileSync(path.join(root, 'apps/web/dist/index.html'), 'utf8'))[1];
  const firstPage = closure([entry]);
  const js = fs.readdirSync(assets).filter((f) => f.endsWith('.js'));
  const pages = js.find((f) => read(f).includes('Publish my latest submitted attempt'));
  const route = [...closure([pages])].filter((f) => !firstPage.has(f));
  // The route's own: no chunk outside it imports them (the rest is shared with other signed-in pages).
  const elsewhere = new Set(js.filter((f) => !route.includes(f)).flatMap((f) => imports(f, false)));
  const own = route.filter((f) => !elsewhere.has(f));
  const canvasStarts = route.flatMap((f) => imports(f, true)).filter((f) => f.startsWith('design-canvas'));
  const canvas = [...closure(canvasStarts)].filter((f) => !firstPage.has(f) && !route.includes(f));
  const br = (file) => zlib.brotliCompressSync(fs.readFileSync(path.join(assets, file)), { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  const kb = (files) => (files.reduce((sum, f) => sum + br(f), 0) / 1024).toFixed(1);
  const largest = (files) =>
    files
      .map((f) => [f, br(f)])
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4)
      .map(([f, n]) => `${f} ${(n / 1024).toFixed(1)}`)
      .join(', ');
  console.log(`route chunks (brotli)   System Design pages: ${route.length} chunks ${kb(route)} KB beyond the first page (${largest(route)})`);
  console.log(`                        of which its own: ${own.length} chunks ${kb(own)} KB (${largest(own)})`);
  console.log(`                        canvas, when opened: ${canvas.length} chunks ${kb(canvas)} KB (${largest(canvas)})`);
}
routeChunks();
if (process.env.CHUNKS_ONLY) process.exit(0);

const db = new pg.Client({ connectionString: databaseUrl });
await db.connect();
let child;
try {
  // As the launcher does: the streams first (services only check them).
  const { provisionEventStreamsAt } = createRequire(import.meta.url)(path.join(root, 'libs/service-kit/dist/index.js'));
  await provisionEventStreamsAt(natsUrl, { prefix, maxBytes: 8 * 1024 * 1024 });
  const port = await freePort();
  child = spawn(process.execPath, [path.join(root, 'services/practice/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATABASE_SCHEMA: schema,
      NATS_URL: natsUrl,
      EVENT_BUS: 'nats',
      EVENT_SUBJECT_PREFIX: prefix,
      SUPABASE_JWT_SECRET: secret,
      AUTH_JWKS_URL: '',
      AUTH_ISSUER: '',
      LOG_LEVEL: 'warn',
      OTEL_EXPORTER_OTLP_ENDPOINT: '',
      USER_REQUESTS_PER_SECOND: '1000000',
      USER_REQUEST_BURST: '1000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`practice exited with ${child.exitCode}`);
    if (i > 600) throw new Error('practice did not become ready');
    if (
      await fetch(`${url}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await sleep(100);
  }
  const user = { id: randomUUID() };
  const Authorization = `Bearer ${hs256Token(user.id)}`;
  // The service made its schema (migrations ran before ready): the seed writes there.
  await db.query(`SET search_path TO "${schema}"`);
  const svc = { url, db };
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const call = (method, route, body) =>
    new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
      const req = http.request(
        `${url}${route}`,
        { method, agent, headers: { Authorization, ...(payload && { 'Content-Type': 'application/json', 'Content-Length': payload.length }) } },
        (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString();
            if (res.statusCode >= 300) reject(new Error(`${method} ${route}: ${res.statusCode} ${text.slice(0, 200)}`));
            else resolve(text ? JSON.parse(text) : undefined);
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  // Seeding: every prompt's attempts in one statement, the progress rows they give, and the reports' counts.
  const seeded = Date.now();
  const { prompts } = await call('GET', '/api/system-design/prompts');
  const slugs = prompts.map((p) => p.slug);
  await svc.db.query(
    `INSERT INTO design_attempts (user_id, prompt_slug, mode, started_at, submitted_at, revision, notes, rubric_total)
     SELECT $1, slug, 'timed', now() - interval '2 days' - interval '1 minute' * g, now() - interval '2 days' - interval '1 minute' * g, 3, '{"requirements":"seeded"}', 5 + g % 16
     FROM unnest($2::text[]) AS slug, generate_series(1, $3::int) AS g`,
    [user.id, slugs, attemptsPerPrompt],
  );
  await svc.db.query(
    `INSERT INTO design_progress (user_id, prompt_slug, attempts, best_rubric_total, last_practised_at)
     SELECT user_id, prompt_slug, count(*), max(rubric_total), max(started_at) FROM design_attempts WHERE user_id = $1 GROUP BY 1, 2`,
    [user.id],
  );
  await svc.db.query(
    `INSERT INTO design_asked_counts (prompt_slug, company_id, company_name, reports)
     SELECT slug, ('00000000-0000-4000-8000-' || lpad(to_hex(c), 12, '0'))::uuid, 'Company ' || c, 1 + (c * 7 + length(slug)) % 40
     FROM unnest($1::text[]) AS slug, generate_series(1, 500) AS c`,
    [slugs],
  );
  await svc.db.query(
    `INSERT INTO design_asked_companies (company_id, company_name, reports)
     SELECT company_id, company_name, sum(reports) FROM design_asked_counts GROUP BY 1, 2`,
  );
  // What recount_design_asked keeps per prompt (migration 0021): its reports and five companies with most.
  await svc.db.query(
    `INSERT INTO design_asked_prompts (prompt_slug, reports, companies)
     SELECT prompt_slug, sum(reports),
            (jsonb_agg(jsonb_build_object('company_id', company_id, 'company_name', company_name, 'reports', reports) ORDER BY reports DESC, company_name)
               FILTER (WHERE rank <= 5))
     FROM (SELECT *, row_number() OVER (PARTITION BY prompt_slug ORDER BY reports DESC, company_name) AS rank FROM design_asked_counts) c
     GROUP BY prompt_slug`,
  );
  await svc.db.query('ANALYZE design_attempts, design_progress, design_asked_counts, design_asked_companies, design_asked_prompts');
  console.log(`seeded in ${((Date.now() - seeded) / 1000).toFixed(1)} s: ${slugs.length} prompts x ${attemptsPerPrompt} attempts, 500 companies' counts`);

  // A 200 KB scene: rectangles and their text labels, as Excalidraw saves them.
  const element = (i) => ({
    id: `el-${i}`,
    type: i % 2 ? 'text' : 'rectangle',
    x: i * 10,
    y: i * 7,
    width: 120,
    height: 60,
    angle: 0,
    strokeColor: '#1e1e1e',
    backgroundColor: 'transparent',
    seed: 1000 + i,
    version: 3,
    versionNonce: 77 + i,
    boundElements: null,
    ...(i % 2 ? { text: `Service ${i} with cache`, fontSize: 20, fontFamily: 1 } : {}),
  });
  const elements = [];
  while (JSON.stringify(elements).length < 200 * 1024) elements.push(element(elements.length));
  const scene = { type: 'excalidraw', version: 2, source: 'bench', elements, appState: { viewBackgroundColor: '#ffffff' }, files: {} };
  console.log(`scene: ${elements.length} elements, ${(Buffer.byteLength(JSON.stringify(scene)) / 1024).toFixed(0)} KB`);

  /** `count` timed calls, `concurrency` in flight, after an untimed warm-up; one line of percentiles. */
  async function phase(label, target, count, once) {
    const go = async (n, timings) => {
      let next = 0;
      await Promise.all(
        Array.from({ length: concurrency }, async (_, lane) => {
          while (next < n) {
            const i = next++;
            const started = performance.now();
            await once(lane, i);
            timings?.push(performance.now() - started);
          }
        }),
      );
    };
    await go(5 * concurrency);
    const timings = [];
    await go(count, timings);
    timings.sort((a, b) => a - b);
    const pct = (p) => timings[Math.min(timings.length - 1, Math.ceil((p / 100) * timings.length) - 1)];
    const p95 = pct(95);
    console.log(
      `${label.padEnd(22)} ${concurrency} at a time: p50 ${pct(50).toFixed(1).padStart(5)} ms  p95 ${p95.toFixed(1).padStart(5)} ms  max ${timings.at(-1).toFixed(1).padStart(6)} ms` +
        `  ${p95 <= target ? 'within' : 'OVER'} ${target} ms`,
    );
  }

  // One attempt per lane, each saving with its own rising revision, as one tab per attempt does.
  const attempts = [];
  for (let lane = 0; lane < concurrency; lane++)
    attempts.push((await call('POST', '/api/system-design/prompts/news-feed/attempts', { mode: 'timed' })).data.id);
  const revisions = attempts.map(() => 0);
  const notes = { requirements: 'Feed of followed accounts, 300M daily users', high_level_design: 'Fan-out on write through a queue, feed cache' };

  for (let run = 1; run <= runs; run++) {
    await phase(`run ${run} prompt list`, targets.list, calls, () => call('GET', '/api/system-design/prompts'));
    await phase(`run ${run} list by company`, targets.list, calls, () =>
      call('GET', '/api/system-design/prompts?company=00000000-0000-4000-8000-000000000007'),
    );
    await phase(`run ${run} autosave 200 KB`, targets.autosave, calls, (lane) =>
      call('PUT', `/api/system-design/attempts/${attempts[lane]}`, { revision: ++revisions[lane], notes, scene }),
    );
  }
  agent.destroy();
} finally {
  child?.kill('SIGTERM');
  await new Promise((resolve) => (child && child.exitCode === null ? child.once('exit', resolve) : resolve()));
  await db.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await db.end();
}
