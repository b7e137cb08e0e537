#!/usr/bin/env node
// The same load at REPLICAS=1 and REPLICAS=2 (issue 33's figures): for each, a stack of its own
// (`npm start` with its own port and data directory: embedded Postgres and nats-server), then
// bench/load/run.mjs's ramp (open loop, a rising rate of calls across every service) up to the
// highest rate whose p99 stays within P99_LIMIT_MS (150), and the stack's memory: the sum of the
// resident sets (RSS) of every process under the launcher, idle once ready and at the end of the
// ramp. Prints the two side by side, and the machine's load average before each run: the stack and
// this script share the machine, so the figures are the pair's.
//
//   node bench/replicas/run.mjs                 (built first: npm run build)
//   USERS=100 STEP_SECONDS=10 START_RATE=50 node bench/replicas/run.mjs
//   DATABASE_URL=postgres://… node bench/replicas/run.mjs   both stacks on that Postgres (an empty database)
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findStack } from '../load/stack-processes.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { freePort } = createRequire(import.meta.url)('../../scripts/free-port.cjs');
const p99Limit = process.env.P99_LIMIT_MS ?? '150';

/** The resident set (kB) of one process, 0 once gone. */
const rssKb = (pid) => {
  try {
    return Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
};
const stackRssMb = (port) => {
  const stack = findStack(port);
  const pids = stack ? stack.processes() : [];
  return { processes: pids.length, mb: pids.reduce((sum, pid) => sum + rssKb(pid), 0) / 1024 };
};

/** Runs `command` to its end, echoing its output; answers what it printed. */
function run(command, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      process.stdout.write(chunk);
    });
    child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${path.basename(args[0])} exited with ${code}`))));
  });
}

// One data directory for both stacks, one after the other: the same secrets (identity's sealed keys
// in the database open with its key) and, without DATABASE_URL, the same embedded Postgres.
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'replicas-bench-'));

async function measure(replicas) {
  const port = await freePort();
  const load = os.loadavg().map((l) => l.toFixed(2));
  console.log(`\n== REPLICAS=${replicas}: a stack on port ${port}, data in ${dataDir}; load average ${load.join(' ')} on ${os.availableParallelism()} cores`);
  const launcher = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...process.env, REPLICAS: String(replicas), PORT: String(port), DATA_DIR: dataDir, TRUST_PROXY: 'loopback', SKIP_BUILD: '1', LOG_LEVEL: 'error' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  launcher.stdout.on('data', (c) => (output += c));
  launcher.stderr.on('data', (c) => (output += c));
  try {
    for (const started = Date.now(); !output.includes('[start] ready in');) {
      if (launcher.exitCode !== null || Date.now() - started > 180_000) throw new Error(`the stack did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    // The launcher says ready while a slow service still starts: every one of them must answer.
    for (const started = Date.now(); ;) {
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`)
        .then(async (res) => (await res.json()).status === 'ready')
        .catch(() => false);
      if (ready) break;
      if (Date.now() - started > 120_000) throw new Error(`not every service became ready:\n${output}`);
      await new Promise((r) => setTimeout(r, 500));
    }
    const idle = stackRssMb(port);
    const printed = await run(process.execPath, [path.join(root, 'bench/load/run.mjs')], {
      ...process.env,
      MODE: 'ramp',
      P99_LIMIT_MS: p99Limit,
      BASE_URL: `http://127.0.0.1:${port}`,
    });
    const end = stackRssMb(port);
    const held = /highest rate with p99 ≤ \d+ ms, no errors and no refusals: (\d+) calls\/s/.exec(printed)?.[1];
    return { replicas, load: load[0], held: held ? Number(held) : undefined, idle, end };
  } finally {
    launcher.kill('SIGTERM');
    await new Promise((r) => (launcher.exitCode !== null ? r() : launcher.once('exit', r)));
  }
}

const results = [];
try {
  for (const replicas of [1, 2]) results.push(await measure(replicas));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(`\nsame load, REPLICAS=1 and 2 (ramp to p99 ≤ ${p99Limit} ms; memory: RSS summed over every process of the stack)`);
console.log(
  `${'replicas'.padEnd(10)}${'calls/s'.padStart(9)}${'processes'.padStart(11)}${'RSS idle MB'.padStart(13)}${'RSS end MB'.padStart(12)}${'load avg'.padStart(10)}`,
);
for (const r of results) {
  console.log(
    `${String(r.replicas).padEnd(10)}${String(r.held ?? 'none').padStart(9)}${String(r.end.processes).padStart(11)}${r.idle.mb.toFixed(0).padStart(13)}${r.end.mb.toFixed(0).padStart(12)}${r.load.padStart(10)}`,
  );
}
