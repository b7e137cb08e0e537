const { readFileSync, rmSync } = require('node:fs');
const { Client } = require('pg');
const { connect } = require('nats');

module.exports = async function globalTeardown() {
  const file = process.env.E2E_STACK_FILE;
  const { pid, database, adminUrl } = JSON.parse(readFileSync(file, 'utf8'));
  const alive = () => {
    try {
      process.kill(-pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  // The launcher stops everything in order within 10 s; only then is it forced.
  if (alive()) process.kill(-pid, 'SIGTERM');
  for (const deadline = Date.now() + 10_000; alive() && Date.now() < deadline;) await new Promise((r) => setTimeout(r, 100));
  if (alive()) process.kill(-pid, 'SIGKILL');
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
