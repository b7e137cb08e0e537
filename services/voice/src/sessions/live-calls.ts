import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { liveCallsSubject, LOGGER, Logger, natsConnectionOptions, natsCredentialsOf, natsInboxPrefix, SERVICE_CONFIG } from '@app/service-kit';
import { connect, ErrorCode, NatsConnection, NatsError, Subscription } from 'nats';
import type { VoiceConfig } from '../config';

/** What the sessions service can ask of a call the local agent is holding in this process. */
export interface LiveCall {
  /** The user ended it: close normally (1000) and settle it here, where its turns were counted. */
  hangUp(): Promise<void>;
  /** The chosen length is over: tell the browser (max_duration_exceeded) and close. */
  timeUp(): void;
}

type Ask = 'hang-up' | 'time-up';

/** How long a replica waits for the holder's answer before it settles the call from the database alone. */
const answerWithinMs = 2_000;

interface Held {
  call: LiveCall;
  subscription?: Subscription;
}

/**
 * Calls held by this replica's local agent, by session id, and the way to the one holding any
 * other: the request that reached this replica (the end, the sweeper's time-up) goes to whichever
 * replica holds the socket, by NATS request and reply on the call's own subject, which only its
 * holder listens to. Nobody answering (the call already ended, or its replica died) leaves the
 * call to be settled from the database, as it always is after the ask.
 */
@Injectable()
export class LiveCalls implements OnApplicationShutdown {
  private readonly calls = new Map<string, Held>();
  private readonly expectedListeners: Array<() => void> = [];
  private readonly nats?: Promise<NatsConnection>;
  private connected = false;
  private closed = false;
  private draining = false;

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: VoiceConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    if (config.EVENT_BUS !== 'nats') return;
    const credentials = natsCredentialsOf(config);
    // A connection of its own, made in the background and retried as long as the process runs:
    // without it, calls are still ended where they are held and settled from the database.
    this.nats = connect({
      ...natsConnectionOptions(config.NATS_URL!, credentials),
      name: 'voice calls',
      waitOnFirstConnect: true,
      reconnect: true,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 500,
      timeout: 5000,
      inboxPrefix: natsInboxPrefix(credentials.user),
    });
    this.nats.then(
      (nc) => {
        this.connected = true;
        if (this.closed) void nc.close();
      },
      (err: Error) => logger.warn({ err }, 'live calls: no NATS connection; a call is ended only by the replica holding it'),
    );
  }

  /** `listener` runs whenever a call's URL is signed here: its browser connects within moments. */
  onExpected(listener: () => void): void {
    this.expectedListeners.push(listener);
  }

  expected(): void {
    for (const listener of this.expectedListeners) listener();
  }

  /** This replica is shutting down: it takes no new call, and its readiness says so. */
  drain(): void {
    this.draining = true;
  }

  get takesNewCalls(): boolean {
    return !this.draining;
  }

  /**
   * Holds a call here; resolves once every replica's asks for it reach this one. While NATS is
   * away the call is held at once and reachable from other replicas as soon as NATS is back.
   */
  async add(sessionId: string, call: LiveCall): Promise<void> {
    const held: Held = { call };
    this.calls.set(sessionId, held);
    if (!this.nats) return;
    const listening = this.nats.then((nc) => this.listen(nc, sessionId, held)).catch(() => undefined);
    // Bounded: a NATS connection between servers does not hold the call up.
    if (this.connected) await Promise.race([listening, sleep(answerWithinMs, undefined, { ref: false })]);
  }

  private async listen(nc: NatsConnection, sessionId: string, held: Held): Promise<void> {
    if (this.calls.get(sessionId) !== held || nc.isClosed()) return;
    held.subscription = nc.subscribe(liveCallsSubject(this.config.EVENT_SUBJECT_PREFIX, `${sessionId}.*`), {
      callback: (err, msg) => {
        if (err) return;
        const ask = msg.subject.slice(msg.subject.lastIndexOf('.') + 1);
        if (ask !== 'hang-up' && ask !== 'time-up') return;
        void this.act(held.call, ask)
          .catch((failure: Error) => this.logger.warn({ err: failure, session_id: sessionId, ask }, 'live calls: an ask from another replica failed'))
          .finally(() => msg.respond());
      },
    });
    // The server has the subscription once it answers a ping: from then on no ask misses this call.
    await nc.flush();
  }

  remove(sessionId: string): void {
    this.calls.get(sessionId)?.subscription?.unsubscribe();
    this.calls.delete(sessionId);
  }

  /** The user ended the call: its holder, here or on another replica, hangs up and settles it. */
  hangUp(sessionId: string): Promise<void> {
    return this.ask(sessionId, 'hang-up');
  }

  /** A call's limit: its holder, here or on another replica, tells the browser and closes. */
  timeUp(sessionId: string): Promise<void> {
    return this.ask(sessionId, 'time-up');
  }

  private async ask(sessionId: string, ask: Ask): Promise<void> {
    const here = this.calls.get(sessionId);
    if (here) return this.act(here.call, ask);
    if (!this.nats || !this.connected) return;
    const nc = await this.nats;
    if (nc.isClosed()) return;
    try {
      await nc.request(liveCallsSubject(this.config.EVENT_SUBJECT_PREFIX, `${sessionId}.${ask}`), undefined, { timeout: answerWithinMs });
    } catch (err) {
      // No responders: nobody holds the call. Anything else is a holder too slow to answer, or NATS away.
      if ((err as NatsError).code !== ErrorCode.NoResponders) {
        this.logger.warn({ err, session_id: sessionId, ask }, 'live calls: the replica holding the call did not answer; it is settled from the database');
      }
    }
  }

  private async act(call: LiveCall, ask: Ask): Promise<void> {
    if (ask === 'hang-up') await call.hangUp();
    else call.timeUp();
  }

  /** After the last call here ended (the agent's drain): the connection is closed, or as soon as it is made. */
  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    if (this.connected) await (await this.nats)?.close();
  }
}
