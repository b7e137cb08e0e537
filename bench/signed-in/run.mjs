#!/usr/bin/env node
// How fast the signed-in pages show their content on a phone (issue 38 item 10): Chromium at 375 px
// with the CPU slowed 4×, for each page the time until its main content (rendered from data) is on
// screen, cold (new browser context, empty cache) and warm (the same context, reloaded), the
// JavaScript it fetched cold (bytes as served, compressed) and in how many files, and a route change
// to it (a click on its link in the signed-in app → its content). Medians of `runs` runs.
//
//   npm run build
//   node bench/signed-in/run.mjs [runs=3]                 starts the app on the test Postgres and NATS
//   BASE_URL=http://127.0.0.1:8080 node bench/signed-in/run.mjs   measures a running app instead
//
// CPU-bound: a busy machine is slower; the load average is printed before and after.
import os from 'node:os';
import { createRequire } from 'node:module';
import { chromium } from 'playwright-core';

const runs = Number(process.argv[2] ?? 3);
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`runs must be a positive whole number, not ${process.argv[2]}`);
  process.exit(2);
}
const appStack = createRequire(import.meta.url)('../../scripts/app-stack.cjs');
const SESSION_STORAGE_KEY = 'supabase.auth.token'; // src/lib/supabase.ts

/**
 * Each page's main content: the first thing on it rendered from its data (an in-page test, polled
 * every frame). Time is from navigation start (cold, warm) or from the click (route change).
 */
const pages = [
  { path: '/leetcode', content: 'first problem row', ready: () => !!document.querySelector('[data-testid="question-row"]') },
  {
    path: '/leetcode/session',
    content: 'first due problem or "Nothing is due today."',
    ready: () => !!document.querySelector('[data-testid="session-position"]') || document.body.innerText.includes('Nothing is due today.'),
  },
  { path: '/candidate-interviews', content: 'first interview card', ready: () => !!document.querySelector('[data-testid="interview-card"]') },
  {
    path: '/pathfinder',
    content: 'first opportunity card or "No opportunities found"',
    ready: () => !!document.querySelector('[data-testid="opportunity-card"]') || document.body.innerText.includes('No opportunities found'),
  },
  {
    path: '/analytics',
    content: 'heatmap summary with its review count',
    ready: () => /\d+ reviews? in the last/.test(document.querySelector('[data-testid="heatmap-summary"]')?.textContent ?? ''),
  },
  { path: '/ai-mocks', content: '"Credits: n"', ready: () => /Credits: \d/.test(document.body.innerText) },
];

/** The app as the browser tests start it (scripts/app-stack.cjs): its own database on the test Postgres, its own streams. */
async function startApp() {
  const app = await appStack.startApp({ name: 'signed_in', readyWithinMs: 180_000 });
  return { baseUrl: app.baseUrl, stop: () => appStack.stopApp(app) };
}

/** A new account with a few problems (one reviewed) and one shared interview, made through the API. */
async function seedUser(baseUrl) {
  const email = `bench.${Date.now().toString(36)}@example.com`;
  // The gateway is ready before the services behind it: 503 until identity is.
  const deadline = Date.now() + 180_000;
  let res;
  do {
    if (res) await new Promise((r) => setTimeout(r, 1000));
    res = await fetch(`${baseUrl}/auth/v1/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: 'secret123' }),
    });
  } while (res.status === 503 && Date.now() < deadline);
  if (!res.ok) throw new Error(`signup ${res.status} ${await res.text()}`);
  const session = await res.json();
  const call = async (method, url, body) => {
    let r;
    do {
      if (r) await new Promise((resolve) => setTimeout(resolve, 1000));
      r = await fetch(`${baseUrl}${url}`, {
        method,
        headers: { Authorization: `Bearer ${session.access_token}`, 'Content-Type': 'application/json' },
        body: body && JSON.stringify(body),
      });
    } while (r.status === 503 && Date.now() < deadline);
    if (!r.ok) throw new Error(`${method} ${url} ${r.status} ${await r.text()}`);
    return r.json();
  };
  const ids = [];
  for (const [title, difficulty, tags] of [
    ['Two Sum', 'Easy', 'arrays,hash table'],
    ['Merge Intervals', 'Medium', 'arrays,sorting'],
    ['LRU Cache', 'Medium', 'design,linked list'],
    ['Word Ladder', 'Hard', 'graph,bfs'],
    ['Valid Parentheses', 'Easy', 'stack'],
  ]) {
    ids.push((await call('POST', '/api/leetcode-questions', { title, difficulty, tags })).data.id);
  }
  await call('POST', `/api/leetcode-questions/${ids[0]}/session`, {
    question_id: ids[0],
    correctness: 90,
    confidence: 80,
    timer: 9,
    notes: 'clean',
    grade: 'good',
  });
  const companies = await call('GET', '/api/all-companies');
  await call('POST', '/api/candidate-interviews', {
    company_id: companies.find((c) => c.name === 'Google').id,
    level: 'Intern',
    title: 'Software Engineer',
    location: 'London',
    outcome: 'ongoing',
    topics: ['Graph'],
    interview_process: [{ round: 'Online Assessment / Take Home', round_date_str: '2024-05-01' }],
  });
  return session;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

/** A signed-in phone: a new context (empty cache) with the session where the auth client keeps it, CPU 4× slower. */
async function phone(baseUrl, session) {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 375, height: 800 },
    // The CSP forbids evaluating strings; the content tests are such strings.
    bypassCSP: true,
    storageState: { cookies: [], origins: [{ origin: baseUrl, localStorage: [{ name: SESSION_STORAGE_KEY, value: JSON.stringify(session) }] }] },
  });
  const page = await context.newPage();
  page.__inFlight = new Set();
  page.on('request', (request) => page.__inFlight.add(request));
  for (const settled of ['requestfinished', 'requestfailed']) page.on(settled, (request) => page.__inFlight.delete(request));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const scripts = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    scripts.push({
      url: request.url(),
      bytes: request
        .sizes()
        .then((sizes) => sizes.responseBodySize)
        .catch(() => 0),
    });
  });
  return { context, page, scripts };
}

/** Milliseconds from navigation start until `ready` holds. */
async function openTimed(page, target) {
  await page.goto(target.path, { waitUntil: 'commit' });
  const handle = await page.waitForFunction(`(${target.ready})() && performance.now()`, null, { polling: 'raf', timeout: 30_000 }).catch(() => null);
  if (!handle) console.warn(`${target.path}: no ${target.content} within 30 s`);
  return handle && handle.jsonValue();
}

/** Resolves once no request of `page` has been in flight for `quietMs` (what it fetches after its content, done). */
async function networkQuiet(page, quietMs = 500) {
  const inFlight = page.__inFlight;
  let quietSince = inFlight.size ? null : Date.now();
  const deadline = Date.now() + 15_000;
  while (!(quietSince !== null && Date.now() - quietSince >= quietMs)) {
    if (Date.now() > deadline) throw new Error(`the page kept fetching for 15 s: ${[...inFlight].map((r) => r.url()).join(', ')}`);
    await new Promise((r) => setTimeout(r, 50));
    if (inFlight.size) quietSince = null;
    else quietSince ??= Date.now();
  }
}

/** Clicks the link to `target` (the sidebar's, in the drawer on a phone; else any on the page) and times until its content shows. */
async function routeChange(page, target) {
  if (!(await page.locator(`a[href="${target.path}"]`).first().isVisible())) {
    await page.getByTestId('sidebar-toggle').click();
    await page.getByTestId('sidebar-drawer').waitFor();
  }
  const link = page.locator(`a[href="${target.path}"]:visible`).first();
  if (!(await link.count())) return null;
  // As a candidate reads a page before moving on: the click comes once the page has settled.
  await networkQuiet(page);
  await link.hover();
  await link.evaluate((a) => {
    window.__routeChangeStart = performance.now();
    a.click();
  });
  const handle = await page
    .waitForFunction(`(${target.ready})() && performance.now() - window.__routeChangeStart`, null, {
      polling: 'raf',
      timeout: 30_000,
    })
    .catch(() => null);
  if (!handle) console.warn(`${target.path}: no ${target.content} within 30 s of the click`);
  return handle && handle.jsonValue();
}

const median = (xs) => {
  const s = xs.filter((x) => x !== null).sort((a, b) => a - b);
  if (!s.length) return null;
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

const app = process.env.BASE_URL ? { baseUrl: process.env.BASE_URL.replace(/\/$/, ''), stop: async () => {} } : await startApp();
try {
  console.log(`Signed-in pages at 375 px, CPU 4× slower, ${runs} runs on ${app.baseUrl}; load average ${load()} (${os.cpus().length} CPUs)`);
  const session = await seedUser(app.baseUrl);
  const samples = Object.fromEntries(pages.map((p) => [p.path, { cold: [], warm: [], change: [], kb: [], files: [] }]));
  // One unmeasured visit, so the first run does not pay for the server's cold caches.
  {
    const { context, page } = await phone(app.baseUrl, session);
    for (const target of pages) await openTimed(page, target);
    await context.close();
  }
  for (let i = 0; i < runs; i++) {
    for (const target of pages) {
      const { context, page, scripts } = await phone(app.baseUrl, session);
      samples[target.path].cold.push(await openTimed(page, target));
      // What the page needed for its content: not the other pages' code fetched once it is idle.
      const needed = scripts.slice();
      samples[target.path].kb.push((await Promise.all(needed.map((s) => s.bytes))).reduce((sum, bytes) => sum + bytes, 0) / 1024);
      samples[target.path].files.push(new Set(needed.map((s) => s.url)).size);
      samples[target.path].warm.push(await openTimed(page, target));
      await context.close();
    }
    // Route changes in one visit, each page for the first time, from the page before it.
    const { context, page } = await phone(app.baseUrl, session);
    await openTimed(page, pages[pages.length - 1]);
    for (const target of pages) samples[target.path].change.push(await routeChange(page, target));
    await context.close();
  }
  const fmt = (x, digits = 0) => (x === null ? '—' : x.toFixed(digits));
  const rows = pages.map((p) => {
    const s = samples[p.path];
    return [p.path, fmt(median(s.cold)), fmt(median(s.warm)), fmt(median(s.change)), fmt(median(s.kb), 1), fmt(median(s.files)), p.content];
  });
  const header = ['page', 'cold ms', 'warm ms', 'route change ms', 'JS KB cold', 'JS files cold', 'main content'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  for (const row of [header, widths.map((w) => '-'.repeat(w)), ...rows]) console.log(row.map((c, i) => c.padEnd(widths[i])).join('  '));
  console.log(`load average after: ${load()}`);
} finally {
  await browser.close();
  await app.stop();
}
