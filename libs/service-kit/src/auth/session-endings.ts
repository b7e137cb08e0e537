import { connect, NatsConnection } from 'nats';
import type { Logger } from '../logger';
import { NatsCredentials, natsConnectionOptions, natsInboxPrefix, sessionEndingsSubject } from '../events/nats-options';

/** A session that ended (logout, password change, a stolen refresh token, the account deleted): its tokens count for nothing until `expires_at` (s). */
export interface EndedSession {
  session_id: string;
  expires_at: number;
}

export interface SessionEndingsOptions {
  /** NATS_URL: one server or a cluster's, comma-separated. */
  url: string;
  credentials?: NatsCredentials;
  /** EVENT_SUBJECT_PREFIX. */
  prefix: string;
  /** The process's name on the server. */
  name: string;
  logger: Logger;
}

/**
 * Identity's announcements of ended sessions over NATS (sessionEndingsSubject). One missed while
 * disconnected is on identity's revocation list, which a verifier fetches when it hears again. On a
 * connection of their own, made in the background and retried for as long as the process runs (a
 * process starts, and its verifier polls, while NATS is away). TokenVerifier listens; identity
 * announces through its verifier.
 */
export class SessionEndings {
  private readonly connection: Promise<NatsConnection>;
  private readonly subject: string;
  private closed = false;
  private connected = false;

  constructor(private readonly options: SessionEndingsOptions) {
    this.subject = sessionEndingsSubject(options.prefix);
    this.connection = connect({
      ...natsConnectionOptions(options.url, options.credentials),
      name: `${options.name} sessions`,
      waitOnFirstConnect: true,
      reconnect: true,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 500,
      timeout: 5000,
      inboxPrefix: natsInboxPrefix(options.credentials?.user),
    });
    this.connection.then(
      () => (this.connected = true),
      (err: Error) => options.logger.warn({ err }, 'session endings: no NATS connection; verifiers poll the revocation list'),
    );
  }

  /** Tells every verifier (after the transaction that ended them committed). */
  announce(sessions: EndedSession[]): void {
    if (sessions.length === 0) return;
    void this.connection.then(
      (nc) => nc.publish(this.subject, JSON.stringify(sessions)),
      () => undefined,
    );
  }

  /**
   * Calls `heard` with each announcement, `live(true)` once listening (again, after a lost
   * connection: what was said meanwhile was missed) and `live(false)` when the connection drops.
   */
  listen(heard: (sessions: EndedSession[]) => void, live: (listening: boolean) => void): void {
    const listening = async (nc: NatsConnection) => {
      if (this.closed) return;
      const statuses = nc.status();
      nc.subscribe(this.subject, {
        callback: (err, msg) => {
          if (err) return;
          try {
            const sessions = msg.json<EndedSession[]>();
            if (Array.isArray(sessions)) heard(sessions.filter((s) => typeof s?.session_id === 'string' && typeof s.expires_at === 'number'));
          } catch {
            this.options.logger.warn({ subject: msg.subject }, 'session endings: an announcement that is not JSON, ignored');
          }
        },
      });
      // The server has the subscription once it answers a ping: from then on nothing is missed.
      await nc.flush();
      live(true);
      for await (const status of statuses) {
        if (status.type === 'disconnect') live(false);
        // nats.js subscribes again before it reports the new connection.
        if (status.type === 'reconnect') live(true);
      }
    };
    this.connection.then(listening).catch(() => live(false));
  }

  /** Closes the connection, or, while it is still being made, as soon as it is. */
  async close(): Promise<void> {
    this.closed = true;
    const closing = this.connection.then(
      (nc) => nc.close(),
      () => undefined,
    );
    if (this.connected) await closing;
  }
}
