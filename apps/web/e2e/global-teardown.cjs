const { readFileSync, rmSync } = require('node:fs');
const path = require('node:path');
const { Client } = require('pg');
const { connect } = require('nats');

module.exports = async function globalTeardown() {
  const file = path.join(__dirname, '.stack.json');
  const { pid, database, adminUrl } = JSON.parse(readFileSync(file, 'utf8'));
  try {
    process.kill(-pid, 'SIGTERM');
  } catch {
    // already gone
  }
  await new Promise((r) => setTimeout(r, 1500));
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // stopped cleanly
  }
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin.end();
  const nc = await connect({ servers: process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222' });
  const jsm = await nc.jetstreamManager();
  for (const stream of [`${database}_EVENTS`, `${database}_DEADLETTER`]) await jsm.streams.delete(stream).catch(() => undefined);
  await nc.close();
  rmSync(file, { force: true });
};
