#!/usr/bin/env node
// Operator commands: `npm run admin -- grant-moderator|revoke-moderator|delete-user <email>`.
// Works on DATABASE_URL when set, else on the running `npm start` stack's embedded Postgres,
// else starts the embedded Postgres just for the command.
// `npm run admin -- mailbox [email]` lists the developer mailbox (MAILBOX_DIR, default <data dir>/mailbox):
// the mail identity writes there instead of sending it when SMTP_URL is not set.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { dataDirOf, startEmbeddedPostgres } from './stack.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const commands = ['grant-moderator', 'revoke-moderator', 'delete-user'];
const [command, email] = process.argv.slice(2);

if (!(commands.includes(command) && email) && command !== 'mailbox') {
  console.error(`usage: npm run admin -- <${commands.join('|')}> <email>\n       npm run admin -- mailbox [email]`);
  process.exit(2);
}

const adminScript = path.join(root, 'services/identity/dist/admin.js');
if (!existsSync(adminScript)) {
  console.error('identity is not built yet: run `npm run build` (or `npm start` once) first');
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

let databaseUrl = process.env.DATABASE_URL;
let embedded;
const runtime = path.join(dataDirOf(root), 'runtime.json');
if (!databaseUrl && existsSync(runtime)) databaseUrl = JSON.parse(readFileSync(runtime, 'utf8')).databaseUrl;
if (!databaseUrl) {
  embedded = await startEmbeddedPostgres(root);
  databaseUrl = embedded.url;
}

const result = spawnSync(process.execPath, [adminScript, command, email], {
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: databaseUrl, DATABASE_SCHEMA: process.env.IDENTITY_DATABASE_SCHEMA ?? 'identity' },
});
if (embedded) await embedded.stop();
process.exit(result.status ?? 1);
