import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { connect } from 'nats';
import type { EventEnvelope } from '@app/contracts';
import {
  DeadLetter,
  durableName,
  eventMaxBytes,
  EventsAdminTarget,
  eventsReport,
  EventTooLarge,
  provisionEventStreamsAt,
  redriveEvents,
  RunningService,
} from '../src';
import { natsConnectionOptions, TestEnvironment, testStreamMaxBytes } from '../src/testing';
import { fixtureService, plannedFailures } from './fixture/fixture.service';
import { seenCount, waitFor } from './fixture/seen';

jest.setTimeout(90_000);

/** A company.created envelope whose JSON is exactly `bytes` long (the fixture's consumer records its id as seen). */
function companyOfSize(bytes: number): EventEnvelope<{ id: string; name: string; website_url: null }> {
  const envelope = {
    id: randomUUID(),
    type: 'interviews.company.created',
    occurred_at: new Date().toISOString(),
    version: 1,
    data: { id: randomUUID(), name: '', website_url: null },
  };
  envelope.data.name = 'x'.repeat(bytes - Buffer.byteLength(JSON.stringify(envelope)));
  return envelope;
}

/** Writes an outbox row by hand: as a release before the size check did, or the order of a test needs. */
async function outboxRow(svc: RunningService, envelope: EventEnvelope, orderingKey: string | null = null): Promise<void> {
  await svc.db.query('INSERT INTO outbox (id, subject, envelope, ordering_key) VALUES ($1, $2, $3, $4)', [
    envelope.id,
    envelope.type,
    JSON.stringify(envelope),
    orderingKey,
  ]);
}

describe('the outbox: no event holds up the others', () => {
  let env: TestEnvironment;
  let auth: { Authorization: string };

  beforeAll(async () => {
    env = await TestEnvironment.create();
    auth = await env.authHeader(env.newUser());
  });
  afterAll(() => env.close());

  const note = async (svc: RunningService, name: string): Promise<string> =>
    (await request(svc.url).post('/api/notes').set(auth).send({ name }).expect(201)).body.data.id;

  it('record() takes the largest event the stream stores, which is published, and refuses one byte more, naming its type, size and the limit', async () => {
    const svc = await env.start(fixtureService, { DATABASE_SCHEMA: `${env.prefix}_fixture_size` });
    const largest = companyOfSize(eventMaxBytes);
    // record() makes its own id and time, of the same length as these.
    const recorded = await svc.db.transaction((tx) => svc.events.record(tx, 'interviews.company.created', largest.data));
    expect(Buffer.byteLength(JSON.stringify(recorded))).toBe(eventMaxBytes);
    await waitFor(async () => (await seenCount(svc, largest.data.id)) === 1);
    expect(await svc.events.pendingCount()).toBe(0);

    const over = companyOfSize(eventMaxBytes + 1);
    const refusal = svc.db.transaction(async (tx) => {
      await tx.query('INSERT INTO notes (id, name) VALUES ($1, $2)', [over.data.id, 'too large']);
      await svc.events.record(tx, 'interviews.company.created', over.data);
    });
    await expect(refusal).rejects.toThrow(EventTooLarge);
    await expect(refusal).rejects.toMatchObject({ type: 'interviews.company.created', bytes: eventMaxBytes + 1, limit: eventMaxBytes });
    await expect(refusal).rejects.toThrow(`event interviews.company.created is ${eventMaxBytes + 1} bytes, over the ${eventMaxBytes} the event stream takes`);
    // Refused with the change it announces: neither is stored.
    expect(await svc.db.query('SELECT 1 FROM notes WHERE id = $1', [over.data.id])).toMatchObject({ rowCount: 0 });
    expect(await svc.events.pendingCount()).toBe(0);
    // Its consumer would take the next test's failing event too.
    await env.stop(svc);
  });

  it('an event the broker refuses: later events go on, those of its aggregate wait; parked after N attempts; a redrive after the fix publishes it once', async () => {
    // A prefix of its own: the fix below raises its stream's message limit.
    const prefix = `${env.prefix}poison`;
    await provisionEventStreamsAt(env.natsUrl, { prefix, maxBytes: testStreamMaxBytes });
    const schema = `${env.prefix}_fixture_refused`;
    const svc = await env.start(fixtureService, { DATABASE_SCHEMA: schema, EVENT_SUBJECT_PREFIX: prefix, EVENT_RELAY_MAX_ATTEMPTS: '4' });
    const target: EventsAdminTarget = { databaseUrl: env.databaseUrl, services: [{ service: 'fixture', schema }] };

    // Over the stream's 256 KiB, as a release before record()'s check could write it; then one about the same aggregate.
    const poison = companyOfSize(300 * 1024);
    const behind = companyOfSize(500);
    await outboxRow(svc, poison, 'user:poisoned');
    await outboxRow(svc, behind, 'user:poisoned');
    const later = [await note(svc, 'later 1'), await note(svc, 'later 2'), await note(svc, 'later 3')];
    for (const id of later) await waitFor(async () => (await seenCount(svc, id)) === 1);

    // Meanwhile the refused row is counted and retried, and the row behind it waits.
    const row = await svc.db.query<{ attempts: number; last_error: string }>('SELECT attempts, last_error FROM outbox WHERE id = $1', [poison.id]);
    expect(row.rows[0]?.attempts).toBeGreaterThanOrEqual(1);
    expect(row.rows[0]?.last_error).toMatch(/message size/i);
    expect(await seenCount(svc, behind.data.id)).toBe(0);
    expect((await svc.events.outboxState()).oldestAgeSeconds).toBeGreaterThan(0);

    // Refused four times (waits of 1, 2 and 4 s between): parked, and the one behind goes out.
    await waitFor(async () => (await svc.db.query('SELECT 1 FROM outbox_parked WHERE id = $1', [poison.id])).rowCount === 1, 20_000);
    await waitFor(async () => (await seenCount(svc, behind.data.id)) === 1);
    const parked = await svc.db.query<{ attempts: number; last_error: string; subject: string }>('SELECT attempts, last_error, subject FROM outbox_parked');
    expect(parked.rows).toEqual([{ attempts: 4, last_error: expect.stringMatching(/message size/i), subject: 'interviews.company.created' }]);
    const settled = (count: number) => async () =>
      JSON.stringify(await svc.events.outboxState()) === JSON.stringify({ backlog: 0, oldestAgeSeconds: 0, parked: count });
    await waitFor(settled(1));
    const report = await eventsReport(target);
    expect(report.outboxes).toEqual([
      expect.objectContaining({ service: 'fixture', backlog: 0, parked: [expect.objectContaining({ id: poison.id, attempts: 4 })] }),
    ]);
    expect(await seenCount(svc, poison.data.id)).toBe(0);

    // The fix: the stream takes larger messages. A redrive sends it once; a second finds nothing.
    const nc = await connect(natsConnectionOptions(env.natsUrl));
    try {
      const jsm = await nc.jetstreamManager();
      const { config } = await jsm.streams.info(`${prefix}_EVENTS`);
      await jsm.streams.update(`${prefix}_EVENTS`, { ...config, max_msg_size: 1024 * 1024 });
    } finally {
      await nc.close();
    }
    expect(await redriveEvents(target, poison.id)).toEqual({ parked: 1, deadLetters: 0, redriven: 0, unknownConsumers: [] });
    await waitFor(async () => (await seenCount(svc, poison.data.id)) === 1);
    expect(await redriveEvents(target, 'all')).toEqual({ parked: 0, deadLetters: 0, redriven: 0, unknownConsumers: [] });
    await new Promise((r) => setTimeout(r, 1000));
    expect(await seenCount(svc, poison.data.id)).toBe(1);
    await waitFor(settled(0));
  });

  it('a consumer that throws for one event: the others are handled, it is dead-lettered, and a redrive after the fix applies it once', async () => {
    const schema = `${env.prefix}_fixture_dead`;
    const svc = await env.start(fixtureService, { DATABASE_SCHEMA: schema, EVENT_MAX_DELIVERIES: '2' });
    const target: EventsAdminTarget = {
      databaseUrl: env.databaseUrl,
      services: [{ service: 'fixture', schema }],
      nats: { url: env.natsUrl, prefix: env.prefix },
    };
    const consumer = durableName(schema, 'interviews.company.created');
    plannedFailures.set('throws', 1000);
    const bad = await note(svc, 'throws');
    const good = [await note(svc, 'fine 1'), await note(svc, 'fine 2')];
    for (const id of good) await waitFor(async () => (await seenCount(svc, id)) === 1);

    let letter: DeadLetter | undefined;
    await waitFor(async () => (letter = (await eventsReport(target)).deadLetters?.newest.find((d) => d.consumer === consumer)) !== undefined);
    expect(letter).toMatchObject({ type: 'interviews.company.created', reason: 'planned failure for throws' });
    expect(await seenCount(svc, bad)).toBe(0);

    plannedFailures.delete('throws');
    expect(await redriveEvents(target, letter!.eventId)).toEqual({ parked: 0, deadLetters: 1, redriven: 0, unknownConsumers: [] });
    await waitFor(async () => (await seenCount(svc, bad)) === 1);
    // It left the dead-letter stream and the table it came back through; nothing more to send.
    const after = await eventsReport(target);
    expect(after.deadLetters!.newest.filter((d) => d.consumer === consumer)).toEqual([]);
    expect(after.outboxes[0].redriven).toEqual([]);
    expect(await redriveEvents(target, 'all')).toEqual({ parked: 0, deadLetters: 0, redriven: 0, unknownConsumers: [] });
    // The same dead letter sent twice (a redrive that stopped before taking it off the stream) has no second effect.
    const again = {
      id: letter!.eventId,
      type: 'interviews.company.created',
      occurred_at: new Date().toISOString(),
      version: 1,
      data: { id: bad, name: 'throws', website_url: null },
    };
    await svc.db.query('INSERT INTO redriven_events (consumer, event_id, envelope) VALUES ($1, $2, $3)', [consumer, letter!.eventId, JSON.stringify(again)]);
    await waitFor(async () => (await svc.db.query('SELECT 1 FROM redriven_events')).rowCount === 0);
    expect(await seenCount(svc, bad)).toBe(1);
  });

  it('prunes processed_events older than the deduplication window, on two replicas at once, keeping the rest', async () => {
    const schema = `${env.prefix}_fixture_prune`;
    const [one, two] = [await env.start(fixtureService, { DATABASE_SCHEMA: schema }), await env.start(fixtureService, { DATABASE_SCHEMA: schema })];
    await one.db.query(
      `INSERT INTO processed_events (consumer, event_id, processed_at)
       SELECT 'fixture.company-created', gen_random_uuid(), now() - interval '15 days' FROM generate_series(1, 12000)`,
    );
    const kept = [randomUUID(), randomUUID()];
    await one.db.query(
      `INSERT INTO processed_events (consumer, event_id, processed_at) VALUES ('fixture.company-created', $1, now() - interval '13 days'), ('fixture.company-created', $2, now())`,
      kept,
    );
    const pruned = await Promise.all([one.events.pruneProcessedEvents(), two.events.pruneProcessedEvents()]);
    expect(pruned[0] + pruned[1]).toBe(12000);
    // What the two replicas' consumers handled meanwhile (the stream's earlier events) stays too.
    const { rows } = await one.db.query<{ event_id: string; old: boolean }>(
      "SELECT event_id, processed_at < now() - interval '14 days' AS old FROM processed_events",
    );
    expect(rows.filter((r) => r.old)).toEqual([]);
    expect(rows.map((r) => r.event_id)).toEqual(expect.arrayContaining(kept));
    expect(await one.events.pruneProcessedEvents()).toBe(0);
  });
});
