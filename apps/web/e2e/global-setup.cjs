// Starts the whole stack once for the browser tests (stack.cjs); teardown undoes all of it.
const { spawnSync } = require('node:child_process');
const { existsSync, writeFileSync } = require('node:fs');
const path = require('node:path');
const { startStack } = require('./stack.cjs');

const root = path.resolve(__dirname, '../../..');
// One state file per run, so two runs on one machine never read or stop each other's stack.
const state = path.join(__dirname, `.stack-${process.pid}-${Date.now().toString(36)}.json`);
process.env.E2E_STACK_FILE = state;

module.exports = async function globalSetup() {
  if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    const built = spawnSync(process.execPath, [require.resolve('vite/bin/vite.js'), 'build'], {
      cwd: path.join(root, 'apps/web'),
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (built.status !== 0) throw new Error('web build failed');
  }
  const stack = await startStack();
  writeFileSync(state, JSON.stringify(stack));
  process.env.E2E_BASE_URL = stack.baseUrl;
};
