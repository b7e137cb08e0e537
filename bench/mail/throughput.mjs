#!/usr/bin/env node
// Mail throughput: identity's mail outbox drained into the developer mailbox, then into an SMTP
// server (a minimal sink this script starts on loopback: it accepts every message and keeps
// nothing). N mails, one per account, are queued in one transaction as an event's fan-out would
// queue them; the figure is the sender's drain, from the first take to the last row marked sent.
//
// The real PostgreSQL (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres), a
// throw-away schema per run, removed at the end. Built identity and service-kit:
//
//   npm run build -w @app/contracts -w @app/service-kit -w @app/identity
//   node bench/mail/throughput.mjs [mails=2000]
//
// Prints mails per second for each way out.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const [mails = 2000] = process.argv.slice(2).map(Number);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(import.meta.url);
const kit = require(path.join(root, 'libs/service-kit/dist/index.js'));
const { MailOutbox } = require(path.join(root, 'services/identity/dist/mail/mail-outbox.js'));
const { Mailer } = require(path.join(root, 'services/identity/dist/mail/mailer.js'));

/** An SMTP server that says yes to everything (RFC 5321's happy path, PIPELINING-free), counting messages. */
function smtpSink() {
  let received = 0;
  const server = net.createServer((socket) => {
    let data = false;
    let buffer = '';
    socket.write('220 sink ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1');
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data) {
          if (line === '.') {
            data = false;
            received += 1;
            socket.write('250 queued\r\n');
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') socket.write('250-sink\r\n250 8BITMIME\r\n');
        else if (verb === 'DATA') {
          data = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
    socket.on('error', () => undefined);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ port: server.address().port, received: () => received, close: () => server.close() })),
  );
}

const logger = kit.createLogger('mail-bench', 'warn');
const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const schema = `mail_bench_${Date.now().toString(36)}`;
const db = new kit.Database({ url, schema, poolMax: 8, logger });
const mailbox = mkdtempSync(path.join(os.tmpdir(), 'mail-bench-'));
const sink = await smtpSink();
try {
  await db.query(`CREATE SCHEMA ${schema}`);
  await db.migrate([
    { label: 'kit', dir: path.join(root, 'libs/service-kit/migrations') },
    { label: 'identity', dir: path.join(root, 'services/identity/migrations') },
  ]);
  const config = {
    MAIL_FROM: 'ThunderPrep <no-reply@thunderprep.local>',
    AUTH_ISSUER: 'http://localhost:8080/auth/v1',
    MAILBOX_DIR: mailbox,
    MAIL_SEND_LEASE_SECONDS: 60,
    MAIL_SEND_ATTEMPTS: 8,
    MAIL_POLL_INTERVAL_MS: 3_600_000,
  };
  const { rows: users } = await db.query(
    `INSERT INTO users (email, encrypted_password, email_confirmed_at)
     SELECT 'bench-' || i || '@example.com', 'x', now() FROM generate_series(1, $1) i RETURNING id, email`,
    [mails],
  );
  const text = `The feature request "Offline mode" is now planned.\n\nSee it on the feature board: http://localhost:8080/feature-requests/1\n`;
  for (const [way, extra] of [
    ['developer mailbox', {}],
    ['SMTP (loopback sink)', { SMTP_URL: `smtp://127.0.0.1:${sink.port}` }],
  ]) {
    const outbox = new MailOutbox(db, new Mailer({ ...config, ...extra }, logger), { ...config, ...extra }, logger);
    await db.transaction((tx) =>
      outbox.queue(
        tx,
        users.map((u) => ({ key: `${way}:${u.id}`, userId: u.id, kind: 'bench', to: u.email, subject: 'Offline mode is now planned', text })),
      ),
    );
    const started = performance.now();
    const sent = await outbox.drain();
    const seconds = (performance.now() - started) / 1000;
    const arrived = extra.SMTP_URL ? sink.received() : readdirSync(mailbox).filter((f) => f.endsWith('.eml')).length;
    console.log(`${way}: ${sent} mails in ${seconds.toFixed(2)} s = ${Math.round(sent / seconds)} mails/s (${arrived} arrived)`);
  }
} finally {
  sink.close();
  await db.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
  await db.close();
  rmSync(mailbox, { recursive: true, force: true });
}
// The SMTP transport's pool keeps its connections open.
process.exit(0);
