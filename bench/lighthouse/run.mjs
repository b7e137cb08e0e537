#!/usr/bin/env node
// Lighthouse's mobile preset (a mid-range phone on slow 4G, CPU slowed 4×) on the pages a new
// visitor sees first, / and /login, five runs each: the median and range of the performance and
// accessibility scores, total blocking time, LCP and JavaScript the page never ran. Exits 1 when a
// median misses its target (issue 22 item 10: performance ≥ 95, accessibility 100).
//
//   npm run build
//   node bench/lighthouse/run.mjs [runs=5]                 starts the app on the test Postgres and NATS
//   BASE_URL=http://localhost:8080 node bench/lighthouse/run.mjs   measures a running app instead
//
// CPU-bound: Lighthouse simulates the phone from what this machine measures, so a busy machine
// scores lower. The load average is printed before and after; compare runs made on a quiet machine.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import lighthouse from 'lighthouse';

const runs = Number(process.argv[2] ?? 5);
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`runs must be a positive whole number, not ${process.argv[2]}`);
  process.exit(2);
}
const appStack = createRequire(import.meta.url)('../../scripts/app-stack.cjs');
const pages = ['/', '/login'];
const targets = { performance: 95, accessibility: 100 };

/** The app as the browser tests start it (scripts/app-stack.cjs): its own database on the test Postgres, its own streams. */
async function startApp() {
  const app = await appStack.startApp({ name: 'lighthouse', readyWithinMs: 120_000 });
  return { baseUrl: app.baseUrl, stop: () => appStack.stopApp(app) };
}

/** Chromium with its DevTools port open for Lighthouse; the port is the one Chromium reports it chose. */
async function launchChromium() {
  const child = spawn(
    process.env.CHROME_PATH ?? '/usr/bin/chromium',
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--remote-debugging-port=0',
      `--user-data-dir=${mkdtempSync(path.join(os.tmpdir(), 'lighthouse-chromium-'))}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const port = await new Promise((resolve, reject) => {
    let err = '';
    child.stderr.on('data', (chunk) => {
      err += chunk;
      const found = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(err);
      if (found) resolve(Number(found[1]));
    });
    child.once('exit', () => reject(new Error(`Chromium exited before it listened:\n${err}`)));
  });
  return {
    port,
    kill: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill();
      }),
  };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

const app = process.env.BASE_URL ? { baseUrl: process.env.BASE_URL.replace(/\/$/, ''), stop: async () => {} } : await startApp();
const chrome = await launchChromium();
let failed = false;
try {
  console.log(`Lighthouse mobile preset, ${runs} runs per page on ${app.baseUrl}; load average ${load()} (${os.cpus().length} CPUs)`);
  // One unmeasured visit, so the first run does not pay for the server's cold caches.
  await lighthouse(`${app.baseUrl}/login`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  for (const page of pages) {
    const samples = [];
    let finalUrl = '';
    for (let i = 0; i < runs; i++) {
      const { lhr } = await lighthouse(`${app.baseUrl}${page}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
      finalUrl = lhr.finalDisplayedUrl;
      samples.push({
        performance: Math.round(lhr.categories.performance.score * 100),
        accessibility: Math.round(lhr.categories.accessibility.score * 100),
        tbt: lhr.audits['total-blocking-time'].numericValue,
        lcp: lhr.audits['largest-contentful-paint'].numericValue,
        unusedJs: (lhr.audits['unused-javascript'].details?.overallSavingsBytes ?? 0) / 1024,
        failedA11y: Object.values(lhr.audits)
          .filter((a) => lhr.categories.accessibility.auditRefs.some((r) => r.id === a.id && r.weight > 0) && a.score === 0)
          .map((a) => a.id),
      });
    }
    console.log(`\n${page}${finalUrl.endsWith(page) ? '' : `  (lands on ${new URL(finalUrl).pathname})`}`);
    const rows = [
      ['performance', (s) => s.performance, ''],
      ['accessibility', (s) => s.accessibility, ''],
      ['total blocking time', (s) => s.tbt, ' ms'],
      ['largest contentful paint', (s) => s.lcp, ' ms'],
      ['unused JavaScript', (s) => s.unusedJs, ' KiB'],
    ];
    for (const [name, pick, unit] of rows) {
      const xs = samples.map(pick);
      const f = (x) => `${Math.round(x)}${unit}`;
      console.log(
        `  ${name.padEnd(26)} median ${f(median(xs)).padStart(8)}   range ${f(Math.min(...xs))} – ${f(Math.max(...xs))}   runs ${xs.map((x) => Math.round(x)).join(', ')}`,
      );
    }
    const a11yFailures = [...new Set(samples.flatMap((s) => s.failedA11y))];
    if (a11yFailures.length) console.log(`  failed accessibility audits: ${a11yFailures.join(', ')}`);
    for (const [category, target] of Object.entries(targets)) {
      const m = median(samples.map((s) => s[category]));
      if (m < target) {
        failed = true;
        console.log(`  ✗ ${category} median ${m} is below the target ${target}`);
      }
    }
  }
  console.log(`\nload average after: ${load()}`);
} finally {
  await chrome.kill();
  await app.stop();
}
process.exit(failed ? 1 : 0);
