import { connect, JetStreamManager, StoredMsg } from 'nats';
import { escapeIdentifier, Pool } from 'pg';
import type { EventEnvelope } from '@app/contracts';
import { NatsCredentials, natsConnectionOptions, natsInboxPrefix } from './nats-options';
import { durableName, eventStreamNames } from './streams';

/** Where `npm run admin -- events` looks: every service's schema, and the dead-letter stream when NATS is given. */
export interface EventsAdminTarget {
  /** A role that may read and write every service's schema (the superuser's, or the embedded stack's). */
  databaseUrl: string;
  /** Each service and its schema (its name, or <SERVICE>_DATABASE_SCHEMA). */
  services: Array<{ service: string; schema: string }>;
  /** The NATS server (an administrator's credentials: the JetStream API) and the deployment's EVENT_SUBJECT_PREFIX. */
  nats?: { url: string; credentials?: NatsCredentials; prefix?: string };
}

export interface OutboxReport {
  service: string;
  /** Rows waiting to be published. */
  backlog: number;
  oldestAgeSeconds: number | null;
  /** The oldest waiting row: what holds the relay up, when anything does. */
  oldest?: { id: string; type: string; attempts: number; lastError: string | null };
  /** Rows the broker refused on every attempt, oldest first. */
  parked: Array<{ id: string; type: string; attempts: number; lastError: string | null; parkedAt: Date }>;
  /** Dead letters sent back to this service's consumers and not handled yet (attempts: failures since). */
  redriven: Array<{ consumer: string; eventId: string; attempts: number; lastError: string | null }>;
}

export interface DeadLetter {
  seq: number;
  /** The durable consumer that parked it (<schema>_<event type>). */
  consumer: string;
  eventId: string;
  type: string;
  reason: string;
  parkedAt: Date;
}

/** Dead letters listed at most (the newest); the count covers them all. */
const DEAD_LETTERS_LISTED = 100;

/** The schemas among `services` that hold the kit's outbox tables (a service never started has none yet). */
async function migratedServices(pool: Pool, services: EventsAdminTarget['services']): Promise<Array<{ service: string; schema: string; q: string }>> {
  const found = [];
  for (const { service, schema } of services) {
    const { rows } = await pool.query<{ ok: boolean }>('SELECT to_regclass($1) IS NOT NULL AS ok', [`${escapeIdentifier(schema)}.outbox_parked`]);
    if (rows[0].ok) found.push({ service, schema, q: escapeIdentifier(schema) });
  }
  return found;
}

async function withNats<T>(nats: NonNullable<EventsAdminTarget['nats']>, work: (jsm: JetStreamManager, stream: string) => Promise<T>): Promise<T> {
  const stream = eventStreamNames(nats.prefix ?? '').deadLetters;
  const nc = await connect({
    ...natsConnectionOptions(nats.url, nats.credentials),
    inboxPrefix: natsInboxPrefix(nats.credentials?.user),
    timeout: 5000,
  });
  try {
    const jsm = await nc.jetstreamManager();
    await jsm.streams.info(stream).catch((err: Error) => {
      throw /not found/i.test(err.message) ? new Error(`the NATS server has no dead-letter stream ${stream}: is EVENT_SUBJECT_PREFIX the deployment's?`) : err;
    });
    return await work(jsm, stream);
  } finally {
    await nc.close();
  }
}

const decoder = new TextDecoder();

function deadLetterOf(message: StoredMsg): DeadLetter & { envelope: EventEnvelope; headers: Record<string, string> } {
  const envelope = JSON.parse(decoder.decode(message.data)) as EventEnvelope;
  const headers: Record<string, string> = {};
  if (message.header) for (const [key] of message.header) headers[key] = message.header.get(key);
  return {
    seq: message.seq,
    consumer: headers['Dead-Letter-Consumer'] ?? '',
    eventId: envelope.id,
    type: envelope.type,
    reason: headers['Dead-Letter-Reason'] ?? '',
    parkedAt: message.time,
    envelope,
    headers,
  };
}

/** Every message of the dead-letter stream from the newest back (a deleted sequence is skipped), while `more` says so. */
async function eachDeadLetter(jsm: JetStreamManager, stream: string, visit: (letter: ReturnType<typeof deadLetterOf>) => Promise<boolean>): Promise<void> {
  const { state } = await jsm.streams.info(stream);
  if (state.messages === 0) return;
  for (let seq = state.last_seq; seq >= state.first_seq; seq--) {
    const message = await jsm.streams.getMessage(stream, { seq }).catch(() => undefined);
    if (message && !(await visit(deadLetterOf(message)))) return;
  }
}

/** The outbox of every service (backlog, oldest row, parked and redriven rows) and the dead-letter stream. */
export async function eventsReport(target: EventsAdminTarget): Promise<{ outboxes: OutboxReport[]; deadLetters?: { count: number; newest: DeadLetter[] } }> {
  const pool = new Pool({ connectionString: target.databaseUrl, max: 1 });
  try {
    const outboxes: OutboxReport[] = [];
    for (const { service, q } of await migratedServices(pool, target.services)) {
      const counts = await pool.query<{ backlog: string; oldest: string | null }>(
        `SELECT count(*) AS backlog, extract(epoch FROM now() - min(created_at)) AS oldest FROM ${q}.outbox`,
      );
      const oldest = await pool.query<{ id: string; subject: string; attempts: number; last_error: string | null }>(
        `SELECT id, subject, attempts, last_error FROM ${q}.outbox ORDER BY created_at, id LIMIT 1`,
      );
      const parked = await pool.query<{ id: string; subject: string; attempts: number; last_error: string | null; parked_at: Date }>(
        `SELECT id, subject, attempts, last_error, parked_at FROM ${q}.outbox_parked ORDER BY parked_at, id`,
      );
      const redriven = await pool.query<{ consumer: string; event_id: string; attempts: number; last_error: string | null }>(
        `SELECT consumer, event_id, attempts, last_error FROM ${q}.redriven_events ORDER BY redriven_at`,
      );
      const first = oldest.rows[0];
      outboxes.push({
        service,
        backlog: Number(counts.rows[0].backlog),
        oldestAgeSeconds: counts.rows[0].oldest === null ? null : Math.max(0, Number(counts.rows[0].oldest)),
        oldest: first && { id: first.id, type: first.subject, attempts: first.attempts, lastError: first.last_error },
        parked: parked.rows.map((r) => ({ id: r.id, type: r.subject, attempts: r.attempts, lastError: r.last_error, parkedAt: r.parked_at })),
        redriven: redriven.rows.map((r) => ({ consumer: r.consumer, eventId: r.event_id, attempts: r.attempts, lastError: r.last_error })),
      });
    }
    if (!target.nats) return { outboxes };
    const deadLetters = await withNats(target.nats, async (jsm, stream) => {
      const newest: DeadLetter[] = [];
      const { state } = await jsm.streams.info(stream);
      await eachDeadLetter(jsm, stream, async ({ seq, consumer, eventId, type, reason, parkedAt }) => {
        newest.push({ seq, consumer, eventId, type, reason, parkedAt });
        return newest.length < DEAD_LETTERS_LISTED;
      });
      return { count: state.messages, newest };
    });
    return { outboxes, deadLetters };
  } finally {
    await pool.end();
  }
}

/**
 * Sends events again: `which` is an event id, or 'all'. A parked outbox row goes back into its
 * service's outbox (its attempts counted afresh) and the relay publishes it; a dead letter goes into
 * the schema of the consumer that parked it (redriven_events), whose service handles it once, and
 * leaves the dead-letter stream. A redriven event that failed again is tried afresh. Dead letters of
 * a consumer none of the services has (a handler since removed) stay, and are named.
 */
export async function redriveEvents(
  target: EventsAdminTarget,
  which: string,
): Promise<{ parked: number; deadLetters: number; redriven: number; unknownConsumers: string[] }> {
  const id = which === 'all' ? null : which;
  const pool = new Pool({ connectionString: target.databaseUrl, max: 1 });
  try {
    const services = await migratedServices(pool, target.services);
    let parked = 0;
    let redriven = 0;
    for (const { q } of services) {
      const moved = await pool.query(
        `WITH moved AS (DELETE FROM ${q}.outbox_parked WHERE $1::uuid IS NULL OR id = $1::uuid RETURNING id, subject, envelope, headers, ordering_key)
         INSERT INTO ${q}.outbox (id, subject, envelope, headers, ordering_key) SELECT id, subject, envelope, headers, ordering_key FROM moved`,
        [id],
      );
      parked += moved.rowCount ?? 0;
      const retried = await pool.query(
        `UPDATE ${q}.redriven_events SET attempts = 0, next_attempt_at = NULL, redriven_at = now() WHERE $1::uuid IS NULL OR event_id = $1::uuid`,
        [id],
      );
      redriven += retried.rowCount ?? 0;
    }
    if (!target.nats) return { parked, deadLetters: 0, redriven, unknownConsumers: [] };
    const bySchema = new Map(services.map((s) => [s.schema, s.q]));
    const unknown = new Set<string>();
    const deadLetters = await withNats(target.nats, async (jsm, stream) => {
      let sent = 0;
      await eachDeadLetter(jsm, stream, async (letter) => {
        if (id !== null && letter.eventId !== id) return true;
        // The durable is <schema>_<event type>: its schema is where the consumer's service reads redriven events.
        const suffix = durableName('', letter.type);
        const schema = letter.consumer.endsWith(suffix) ? letter.consumer.slice(0, -suffix.length) : undefined;
        const q = schema === undefined ? undefined : bySchema.get(schema);
        if (!q) {
          unknown.add(letter.consumer);
          return true;
        }
        await pool.query(
          `INSERT INTO ${q}.redriven_events (consumer, event_id, envelope, headers) VALUES ($1, $2, $3, $4)
           ON CONFLICT (consumer, event_id) DO UPDATE SET envelope = EXCLUDED.envelope, attempts = 0, next_attempt_at = NULL, last_error = NULL, redriven_at = now()`,
          [letter.consumer, letter.eventId, JSON.stringify(letter.envelope), JSON.stringify(letter.headers)],
        );
        // Recorded before it leaves the stream: a crash between the two leaves it in both, and the
        // consumer's processed_events makes a second redrive of it do nothing.
        await jsm.streams.deleteMessage(stream, letter.seq, false);
        sent += 1;
        return true;
      });
      return sent;
    });
    return { parked, deadLetters, redriven, unknownConsumers: [...unknown] };
  } finally {
    await pool.end();
  }
}
