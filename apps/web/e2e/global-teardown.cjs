const { readFileSync, rmSync } = require('node:fs');
const { stopStack } = require('./stack.cjs');

module.exports = async function globalTeardown() {
  const file = process.env.E2E_STACK_FILE;
  await stopStack(JSON.parse(readFileSync(file, 'utf8')));
  rmSync(file, { force: true });
};
