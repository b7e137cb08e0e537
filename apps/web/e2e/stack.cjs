// Starting and stopping a whole stack for browser tests: the app on the test infrastructure
// (scripts/app-stack.cjs) with the settings browser tests need. global-setup starts one per jest
// worker; a file that reads the app as a newcomer would, or needs the services configured otherwise
// (ElevenLabs voice), starts its own (ownStack in browser.ts).
const { randomBytes } = require('node:crypto');
const { mkdtempSync, rmSync } = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { startApp, stopApp } = require('../../../scripts/app-stack.cjs');

/** Starts the launcher on its own database and streams; answers what stopStack needs once every service is ready. */
async function startStack(env = {}) {
  // identity's developer mailbox (no SMTP_URL): the tests open confirmation links from it.
  const mailbox = mkdtempSync(path.join(os.tmpdir(), 'e2e-mailbox-'));
  // One seal for identity's signing keys, shared with the second identity auth.e2e.ts starts over the same data.
  process.env.SIGNING_KEY_ENCRYPTION_KEY ??= randomBytes(32).toString('base64');
  const app = await startApp({
    name: 'e2e',
    env: {
      // Every browser test signs up from the same address.
      SIGNUPS_PER_ADDRESS_PER_HOUR: '1000',
      // A scripted browser clicks far faster than a person: as in every other test environment, the
      // per-user share is lifted here and tested where it is set low (gateway and kit suites).
      USER_REQUESTS_PER_SECOND: '1000000',
      USER_REQUEST_BURST: '1000000',
      // Every call comes from this machine's one address, several users' at once.
      CLIENT_MAX_IN_FLIGHT: '1000000',
      // Three stacks and the system tests share the test Postgres and its 100 connections: 10 per
      // service (the default) could take them all, and a service then answers 503; 4 still lets a
      // page's parallel requests through at once.
      DATABASE_POOL_MAX: '4',
      MAILBOX_DIR: mailbox,
      // Practice's daily review e-mail: everyone's day has started, and the job looks every second.
      REVIEW_DIGEST_HOUR: '0',
      REVIEW_DIGEST_INTERVAL_SECONDS: '1',
      ...env,
    },
  }).catch((err) => {
    rmSync(mailbox, { recursive: true, force: true });
    throw err;
  });
  return { ...app, mailbox };
}

/** Stops the launcher, drops its database and streams, and removes its mailbox. */
async function stopStack(stack) {
  await stopApp(stack);
  if (stack.mailbox) rmSync(stack.mailbox, { recursive: true, force: true });
}

module.exports = { startStack, stopStack };
