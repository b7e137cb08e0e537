#!/usr/bin/env node
// Operator commands: `npm run admin -- grant-moderator|revoke-moderator|delete-user <email>`.
// Works on DATABASE_URL when set, else on the running `npm start` stack's embedded Postgres,
// else starts the embedded Postgres just for the command.
// `npm run admin -- mailbox [email]` lists the developer mailbox (MAILBOX_DIR, default <data dir>/mailbox):
// the mail identity writes there instead of sending it when SMTP_URL is not set.
// `npm run admin -- db-roles` (DATABASE_URL of a superuser) gives every service its own Postgres role
// with a new password and prints each service's DATABASE_URL; run again to rotate them.
// `npm run admin -- nats-accounts` prints the NATS users and permissions written from the registry
// (passwords read from <SERVICE>_NATS_PASSWORD by nats-server):
// deploy/k8s/components/nats-jetstream/accounts.conf is its output.
// `npm run admin -- provision-streams` creates or updates the event streams from the registry, as the
// launcher and the Kubernetes job event-streams do (NATS_URL, and the streams-admin user's NATS_USER and NATS_PASSWORD).
// `npm run admin -- compose-env` writes .env for docker-compose.yml: generated passwords, kept when present.
// `npm run admin -- rotate-signing-key` adds a signing key to identity (sealed with SIGNING_KEY_ENCRYPTION_KEY,
// else the embedded default's): every replica signs with it within 20 s, no restart (docs/deploy.md).
// `npm run admin -- mail-keys rotate` adds a key sealing the tokens of mails' unsubscribe addresses: the
// key before it still opens its tokens, older ones are dropped (a leaked link stops working).
// `npm run admin -- grant-credits <email> <credits>` grants AI mock interview credits (1 to 1000) to the
// account with that e-mail on the embedded identity, noting the operator (your login) in voice's ledger.
// `npm run admin -- announce-companies` announces every company again (interviews.company.created): the
// event stream keeps 7 days, so a read model rebuilt from an empty database later learns older ones.
// `npm run admin -- events` lists each service's outbox backlog (rows waiting, the oldest one's age and error),
// the rows parked after the broker refused them, and the dead-letter stream (with NATS_URL and the
// streams-admin NATS_USER / NATS_PASSWORD, EVENT_SUBJECT_PREFIX); `events redrive <event id|all>` sends them again.
// `npm run admin -- mail` lists identity's mail outbox: counts per state (waiting, retrying, failed, skipped, sent),
// the oldest waiting mail's age, and the mail failing or waiting longest with its last error.
// `npm run admin -- jobs` lists every service's scheduled jobs (the kit's job runner, pg-boss in <schema>_jobs):
// the last run, its state, failed and retried runs of the last 7 days, and when the next one is due.
// `npm run admin -- moderation-log` lists every service's audit log, newest first: who did what to whose
// content (review decisions, edits and deletions of others' comments, status changes, merges), with the
// text before and after.
// `npm run admin -- sample-data [--remove]` loads (or takes out) a clearly marked sample community for a
// first run (scripts/sample-data.mjs); with DATABASE_URL set it is refused unless --force is added.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { dataDirOf, registryServices, serviceDatabaseUrls, startEmbeddedPostgres } from './stack.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const commands = ['grant-moderator', 'revoke-moderator', 'delete-user'];
const [command, email, credits] = process.argv.slice(2);

if (
  !(commands.includes(command) && email) &&
  !(command === 'grant-credits' && email && credits !== undefined) &&
  ![
    'mailbox',
    'db-roles',
    'nats-accounts',
    'provision-streams',
    'compose-env',
    'announce-companies',
    'rotate-signing-key',
    'jobs',
    'moderation-log',
    'mail',
  ].includes(command) &&
  !(command === 'sample-data' && process.argv.slice(3).every((flag) => flag === '--remove' || flag === '--force')) &&
  !(command === 'mail-keys' && email === 'rotate') &&
  !(command === 'events' && (email === undefined || (email === 'redrive' && (credits === 'all' || /^[0-9a-f-]{36}$/i.test(credits ?? '')))))
) {
  console.error(
    `usage: npm run admin -- <${commands.join('|')}> <email>\n       npm run admin -- grant-credits <email> <credits>\n       npm run admin -- mailbox [email]\n       DATABASE_URL=<superuser> npm run admin -- db-roles\n       npm run admin -- nats-accounts\n       NATS_URL=… NATS_USER=streams-admin NATS_PASSWORD=… npm run admin -- provision-streams\n       npm run admin -- compose-env\n       npm run admin -- announce-companies\n       npm run admin -- rotate-signing-key\n       npm run admin -- mail-keys rotate\n       npm run admin -- sample-data [--remove] [--force]\n       npm run admin -- events [redrive <event id|all>]\n       npm run admin -- jobs\n       npm run admin -- mail\n       npm run admin -- moderation-log`,
  );
  process.exit(2);
}

if (command === 'compose-env') {
  const file = path.join(root, '.env');
  const kept = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const has = (name) => new RegExp(`^${name}=`, 'm').test(kept);
  const secret = () => randomBytes(24).toString('base64url');
  const names = registryServices(root).map((s) => s.name.toUpperCase().replace(/[^A-Z0-9]/g, '_'));
  const wanted = {
    POSTGRES_PASSWORD: secret,
    SIGNING_KEY_ENCRYPTION_KEY: () => randomBytes(32).toString('base64'),
    GATEWAY_SECRET: () => randomBytes(32).toString('base64url'),
    // The NATS user that provisions the event streams (natsAdministrator).
    STREAMS_ADMIN_NATS_PASSWORD: secret,
    ...Object.fromEntries(
      names.flatMap((n) => [
        [`${n}_DATABASE_PASSWORD`, secret],
        [`${n}_NATS_PASSWORD`, secret],
      ]),
    ),
  };
  const added = Object.entries(wanted)
    .filter(([name]) => !has(name))
    .map(([name, make]) => `${name}=${make()}`);
  writeFileSync(file, `${kept}${kept && !kept.endsWith('\n') ? '\n' : ''}${added.map((line) => `${line}\n`).join('')}`, { mode: 0o600 });
  chmodSync(file, 0o600);
  console.warn(added.length ? `.env: ${added.length} generated value(s) added; docker compose reads them` : '.env already has every value');
  process.exit(0);
}

if (command === 'provision-streams') {
  const { provisionEventStreamsFromEnv } = createRequire(import.meta.url)(path.join(root, 'libs/service-kit/dist/index.js'));
  for (const { stream, outcome, subjects, unusedConsumers } of await provisionEventStreamsFromEnv(process.env)) {
    console.log(`${stream}: ${outcome} (${subjects.join(', ')})`);
    if (unusedConsumers.length) console.log(`${stream}: consumers no service uses (delete them once no older pod reads them): ${unusedConsumers.join(', ')}`);
  }
  process.exit(0);
}

if (command === 'events') {
  const kit = path.join(root, 'libs/service-kit/dist/index.js');
  if (!existsSync(kit)) {
    console.error('the service kit is not built yet: run `npm run build` first');
    process.exit(1);
  }
  const { natsCredentialsOf, ...events } = createRequire(import.meta.url)(kit);
  const { url, embedded } = await commandDatabase();
  const env = process.env;
  const target = {
    databaseUrl: url,
    services: registryServices(root).map((s) => ({ service: s.name, schema: env[`${s.name.toUpperCase()}_DATABASE_SCHEMA`] ?? s.name })),
    nats: env.NATS_URL ? { url: env.NATS_URL, credentials: natsCredentialsOf(env), prefix: env.EVENT_SUBJECT_PREFIX ?? '' } : undefined,
  };
  const code = await (email === 'redrive' ? redrive(events, target, credits) : listEvents(events, target))
    .catch((err) => (console.error(`events: ${err.message}`), 1))
    .finally(() => embedded?.stop());
  process.exit(code);
}

if (command === 'moderation-log') {
  const kit = path.join(root, 'libs/service-kit/dist/index.js');
  if (!existsSync(kit)) {
    console.error('the service kit is not built yet: run `npm run build` first');
    process.exit(1);
  }
  const { moderationLogReport } = createRequire(import.meta.url)(kit);
  const { url, embedded } = await commandDatabase();
  const services = registryServices(root).map((s) => ({ service: s.name, schema: process.env[`${s.name.toUpperCase()}_DATABASE_SCHEMA`] ?? s.name }));
  const code = await moderationLogReport({ databaseUrl: url, services })
    .then((lines) => {
      if (lines.length === 0) console.log('no moderator actions yet');
      for (const l of lines) {
        const detail = [l.reason && `reason: ${l.reason}`, l.before && `before: ${l.before}`, l.after && `after: ${l.after}`].filter(Boolean).join('; ');
        console.log(
          `${l.created_at} ${l.service.padEnd(11)} ${l.moderator_name}: ${l.action} ${l.kind} ${l.item_id} "${l.item_title}"${detail ? ` (${detail.replace(/\n/g, ' / ')})` : ''}`,
        );
      }
      return 0;
    })
    .catch((err) => (console.error(`moderation-log: ${err.message}`), 1))
    .finally(() => embedded?.stop());
  process.exit(code);
}

if (command === 'jobs') {
  const kit = path.join(root, 'libs/service-kit/dist/index.js');
  if (!existsSync(kit)) {
    console.error('the service kit is not built yet: run `npm run build` first');
    process.exit(1);
  }
  const { jobsReport } = createRequire(import.meta.url)(kit);
  const { url, embedded } = await commandDatabase();
  const services = registryServices(root).map((s) => ({ service: s.name, schema: process.env[`${s.name.toUpperCase()}_DATABASE_SCHEMA`] ?? s.name }));
  const code = await listJobs(jobsReport, { databaseUrl: url, services })
    .catch((err) => (console.error(`jobs: ${err.message}`), 1))
    .finally(() => embedded?.stop());
  process.exit(code);
}

async function listJobs(jobsReport, target) {
  const when = (date) => (date ? date.toISOString().replace('T', ' ').slice(0, 19) : '-');
  const jobs = await jobsReport(target);
  if (jobs.length === 0) {
    console.log('no jobs yet: the services have not started on this database');
    return 0;
  }
  console.log(
    `${'service'.padEnd(12)}${'job'.padEnd(28)}${'last run (UTC)'.padEnd(21)}${'state'.padEnd(11)}${'failed'.padStart(7)}${'retried'.padStart(9)}  next run (UTC)`,
  );
  for (const j of jobs) {
    console.log(
      `${j.service.padEnd(12)}${j.job.padEnd(28)}${when(j.lastRun?.at).padEnd(21)}${(j.lastRun?.state ?? '-').padEnd(11)}${String(j.failed).padStart(7)}${String(j.retried).padStart(9)}  ${when(j.nextRun)}`,
    );
    if (j.lastRun?.error) console.log(`  last error: ${j.lastRun.error}`);
  }
  console.log('failed and retried: runs of the last 7 days; a run is tried again twice before it counts as failed');
  return 0;
}

async function redrive({ redriveEvents }, target, which) {
  const sent = await redriveEvents(target, which);
  console.log(`sent again: ${sent.parked} parked outbox row(s), ${sent.deadLetters} dead letter(s), ${sent.redriven} redriven event(s) that had failed again`);
  if (sent.unknownConsumers.length) console.log(`left in the dead-letter stream, of consumers no service has: ${sent.unknownConsumers.join(', ')}`);
  if (!target.nats) console.log('dead-letter stream not read: set NATS_URL (and the streams-admin NATS_USER / NATS_PASSWORD) to redrive dead letters');
  return 0;
}

async function listEvents({ eventsReport }, target) {
  const age = (seconds) =>
    seconds === null
      ? '-'
      : seconds < 120
        ? `${Math.round(seconds)} s`
        : seconds < 7200
          ? `${Math.round(seconds / 60)} min`
          : `${(seconds / 3600).toFixed(1)} h`;
  const { outboxes, deadLetters } = await eventsReport(target);
  console.log('outbox: events recorded and not yet published, per service');
  console.log(`  ${'service'.padEnd(12)}${'waiting'.padStart(8)}${'oldest'.padStart(10)}${'parked'.padStart(8)}${'redriven'.padStart(10)}`);
  for (const o of outboxes) {
    console.log(
      `  ${o.service.padEnd(12)}${String(o.backlog).padStart(8)}${age(o.oldestAgeSeconds).padStart(10)}${String(o.parked.length).padStart(8)}${String(o.redriven.length).padStart(10)}`,
    );
    if (o.oldest?.lastError) console.log(`    oldest ${o.oldest.id} ${o.oldest.type}, ${o.oldest.attempts} refusal(s): ${o.oldest.lastError}`);
    for (const p of o.parked) console.log(`    parked ${p.id} ${p.type} ${p.parkedAt.toISOString()} after ${p.attempts} attempt(s): ${p.lastError}`);
    for (const r of o.redriven)
      console.log(`    redriven ${r.eventId} for ${r.consumer}${r.attempts ? `, failed ${r.attempts} time(s): ${r.lastError}` : ', waiting for the service'}`);
  }
  if (!deadLetters) console.log('dead-letter stream not read: set NATS_URL (and the streams-admin NATS_USER / NATS_PASSWORD, EVENT_SUBJECT_PREFIX)');
  else {
    console.log(
      `dead-letter stream: ${deadLetters.count} event(s)${deadLetters.count > deadLetters.newest.length ? `, the newest ${deadLetters.newest.length} listed` : ''}`,
    );
    for (const d of deadLetters.newest) console.log(`  ${d.eventId} ${d.type} for ${d.consumer}, parked ${d.parkedAt.toISOString()}: ${d.reason}`);
  }
  console.log('send again: npm run admin -- events redrive <event id|all>');
  return 0;
}

if (command === 'nats-accounts' || command === 'db-roles') {
  const kit = path.join(root, 'libs/service-kit/dist/index.js');
  if (!existsSync(kit)) {
    console.error('the service kit is not built yet: run `npm run build` first');
    process.exit(1);
  }
  const services = registryServices(root);
  if (command === 'nats-accounts') {
    const { natsAccountsConfig, natsAdministrator, natsGatewayListener, natsPasswordVariable } = createRequire(import.meta.url)(kit);
    process.stdout.write(
      natsAccountsConfig({
        services: services.map((s) => ({ ...s, password: { env: natsPasswordVariable(s.name) } })),
        administrator: { user: natsAdministrator, password: { env: natsPasswordVariable(natsAdministrator) } },
        listeners: [{ user: natsGatewayListener, password: { env: natsPasswordVariable(natsGatewayListener) } }],
      }),
    );
    process.exit(0);
  }
  if (!process.env.DATABASE_URL) {
    console.error('db-roles: set DATABASE_URL to a superuser (or a role with CREATEROLE that owns the database) of the Postgres to prepare');
    process.exit(2);
  }
  const urls = await serviceDatabaseUrls(
    root,
    process.env.DATABASE_URL,
    Object.fromEntries(services.map((s) => [s.name, randomBytes(24).toString('base64url')])),
  );
  console.warn("Each service's own role is ready; put its DATABASE_URL in its Secret (shown once, not stored):");
  for (const [name, url] of Object.entries(urls)) console.log(`${name}\tDATABASE_URL=${url}`);
  process.exit(0);
}

/** DATABASE_URL when set, else the running `npm start` stack's embedded Postgres, else the embedded Postgres started for the command. */
async function commandDatabase() {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL };
  const runtime = path.join(dataDirOf(root), 'runtime.json');
  if (existsSync(runtime)) return { url: JSON.parse(readFileSync(runtime, 'utf8')).databaseUrl };
  const embedded = await startEmbeddedPostgres(root);
  return { url: embedded.url, embedded };
}

if (command === 'sample-data') {
  if (process.env.DATABASE_URL && !process.argv.includes('--force')) {
    console.error(
      'sample-data: DATABASE_URL is set, and it may hold a real community: refused. Unset it to use the embedded default, or add --force to write to that database.',
    );
    process.exit(2);
  }
  const { sampleData } = await import('./sample-data.mjs');
  const { url, embedded } = await commandDatabase();
  const code = await sampleData(url, { removing: process.argv.includes('--remove') })
    .catch((err) => (console.error(`sample-data: ${err.message}`), 1))
    .finally(() => embedded?.stop());
  process.exit(code);
}

// Identity's commands, interviews' for announce-companies, voice's for grant-credits: each service's own admin script, on its schema.
const owner = { 'announce-companies': 'interviews', 'grant-credits': 'voice' }[command] ?? 'identity';
const adminScript = path.join(root, `services/${owner}/dist/admin.js`);
if (!existsSync(adminScript)) {
  console.error(`${owner} is not built yet: run \`npm run build\` (or \`npm start\` once) first`);
  process.exit(1);
}

if (command === 'mailbox') {
  const mailbox = process.env.MAILBOX_DIR ? path.resolve(process.env.MAILBOX_DIR) : path.join(dataDirOf(root), 'mailbox');
  const listed = spawnSync(process.execPath, [adminScript, 'mailbox', ...(email ? [email] : [])], {
    stdio: 'inherit',
    env: { ...process.env, MAILBOX_DIR: mailbox },
  });
  process.exit(listed.status ?? 1);
}

const { url: databaseUrl, embedded } = await commandDatabase();

let args = [command, ...(email ? [email] : [])];
if (command === 'grant-credits') {
  // Voice knows accounts by id only: identity's users table says whose the e-mail is (as identity compares it).
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client
    .query(`SELECT id FROM ${client.escapeIdentifier(process.env.IDENTITY_DATABASE_SCHEMA ?? 'identity')}.users WHERE lower(email) = $1`, [
      email.normalize('NFC').trim().toLowerCase(),
    ])
    .finally(() => client.end());
  if (!rows[0]) {
    console.error(`no account with the e-mail ${email}`);
    if (embedded) await embedded.stop();
    process.exit(1);
  }
  args = [command, rows[0].id, credits, process.env.SUDO_USER || os.userInfo().username];
}
const schemaVariable = `${owner.toUpperCase()}_DATABASE_SCHEMA`;
const schema = process.env[schemaVariable] ?? owner;
// The new signing key is sealed with identity's own key: the operator's, else the embedded default's.
const secretsFile = path.join(dataDirOf(root), 'secrets.json');
const sealingKey =
  command === 'rotate-signing-key' && !process.env.SIGNING_KEY_ENCRYPTION_KEY && existsSync(secretsFile)
    ? { SIGNING_KEY_ENCRYPTION_KEY: JSON.parse(readFileSync(secretsFile, 'utf8')).signingKeyEncryptionKey }
    : {};
const result = spawnSync(process.execPath, [adminScript, ...args], {
  stdio: 'inherit',
  env: { ...process.env, ...sealingKey, DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema },
});
if (embedded) await embedded.stop();
process.exit(result.status ?? 1);
