const { readFileSync, rmSync } = require('node:fs');
const { stopStack } = require('./stack.cjs');

module.exports = async function globalTeardown() {
  const file = process.env.E2E_STACK_FILE;
  await Promise.all(JSON.parse(readFileSync(file, 'utf8')).map(stopStack));
  rmSync(file, { force: true });
};
