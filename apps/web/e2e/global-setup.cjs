// Starts one stack per jest worker for the browser tests (stack.cjs); teardown undoes all of it.
// A file shares its worker's stack with the files that ran there before it, never with a file
// running beside it; a file that must read the app as a newcomer would starts its own (ownStack
// in browser.ts).
const { spawnSync } = require('node:child_process');
const { writeFileSync } = require('node:fs');
const path = require('node:path');
const { startStack, stopStack } = require('./stack.cjs');

const root = path.resolve(__dirname, '../../..');
// One state file per run, so two runs on one machine never read or stop each other's stacks.
const state = path.join(__dirname, `.stack-${process.pid}-${Date.now().toString(36)}.json`);
process.env.E2E_STACK_FILE = state;

module.exports = async function globalSetup(globalConfig) {
  // What the launcher would build, once for every stack (nx rebuilds only what changed): each
  // stack then starts with SKIP_BUILD, so two never build side by side. `npm test` built it all
  // before (SKIP_BUILD=1 here): Nx restoring a build's outputs from its cache rewrites dist/, and
  // a CI run saw a system test's service start in that moment (Cannot find module './logger').
  if (process.env.SKIP_BUILD !== '1') {
    const built = spawnSync(process.execPath, [require.resolve('nx/bin/nx.js'), 'run-many', '-t', 'build', '--outputStyle=static'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      // A production build whoever starts us (jest sets NODE_ENV=test, which makes Vite build for development).
      env: { ...process.env, NODE_ENV: 'production', NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
    });
    if (built.status !== 0) throw new Error('the build failed (run `npm run build` to see why)');
  }
  const count = Number(process.env.E2E_STACKS ?? globalConfig.maxWorkers);
  const started = await Promise.allSettled(Array.from({ length: count }, () => startStack()));
  const stacks = started.filter((s) => s.status === 'fulfilled').map((s) => s.value);
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    await Promise.all(stacks.map(stopStack));
    throw failed.reason;
  }
  writeFileSync(state, JSON.stringify(stacks));
};
