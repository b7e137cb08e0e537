// `npm test`: every project's tests, in the order that keeps 2 cores busy without starving a
// real-time test, then each project's tests and time and every failure again (test-summary.cjs).
//   1. The build, once (Nx caches it): the browser tests serve it, the launcher test starts it.
//   2. The two system tests that bound latency or 5xx under load (chaos, the storm), alone.
//   3. Two lanes side by side, each about half idle on its own (waiting on Postgres, NATS, timers):
//      - the system tests, one file at a time (whole stacks in one process; jest runs the big ones first);
//      - the other projects two at a time through Nx, then the browser tests, two files at a time
//        on a stack per worker (CPU-bound). They start as soon as the projects before them end,
//        beside the system tests' last, short files.
// `npm run test:affected` is the inner loop's: only what a change touches (README).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
require('./check-node.cjs');
const nx = require.resolve('nx/bin/nx.js');
const summary = path.join(root, 'scripts/test-summary.cjs');

/** Runs a command with the terminal's output; answers its exit code (1 when a signal ended it). */
const run = (command, args, env = {}) =>
  new Promise((resolve) => {
    // Screenshots are for a developer looking at one browser test (apps/web/e2e/browser.ts), not for the whole run.
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { E2E_SCREENSHOTS: '0', ...process.env, NX_DAEMON: 'false', ...env } });
    child.on('error', () => resolve(1));
    child.on('exit', (code) => resolve(code ?? 1));
  });
const node = (...args) => run(process.execPath, args);

await node(summary, 'clear');
let failed = (await node(nx, 'run-many', '-t', 'build', '--outputStyle=static')) !== 0;
if (!failed) {
  // The chaos test bounds latency while it kills processes, and the storm of concurrent writes
  // wants no 5xx from ten users at once: they run alone first. Beside the browser tests a CI run
  // saw chaos's p99 at 1,031 ms (238 ms before any kill), where alone it is 87-102 ms; beside two
  // projects' tests, on a slow day, the storm's practice waited over 3 s for a connection (503).
  const alone = await run('npm', ['test', '--workspace', '@app/system-tests', '--', 'chaos.spec.ts', 'concurrent-writes.spec.ts']);
  const lanes = await Promise.all([
    run('npm', [
      'test',
      '--workspace',
      '@app/system-tests',
      '--',
      '--testPathIgnorePatterns',
      '/node_modules/',
      '/dist/',
      'chaos\\.spec\\.ts',
      'concurrent-writes\\.spec\\.ts',
    ]),
    (async () => {
      const projects = await node(
        nx,
        'run-many',
        '-t',
        'test',
        '--exclude',
        '@app/web,@app/system-tests',
        '--exclude-task-dependencies',
        '--outputStyle=stream',
      );
      // The browser tests run even after a failure above, so that one run shows every failure.
      // Built above: the browser tests' setup must not build again while the system tests run services from dist/.
      const browser = await run(process.execPath, [nx, 'run', '@app/web:test', '--exclude-task-dependencies', '--outputStyle=stream'], { SKIP_BUILD: '1' });
      return Math.max(projects, browser);
    })(),
  ]);
  failed = alone !== 0 || lanes.some((code) => code !== 0);
}
await node(summary, 'print');
process.exit(failed ? 1 : 0);
