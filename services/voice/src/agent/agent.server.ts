import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { BeforeApplicationShutdown, Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { LOGGER, Logger, SERVICE_CONFIG } from '@app/service-kit';
import { RawData, WebSocket, WebSocketServer } from 'ws';
import { CLOCK, Clock } from '../clock';
import type { VoiceConfig } from '../config';
import { LiveCalls } from '../sessions/live-calls';
import { ResumeRepository } from '../sessions/resume.repository';
import { SessionsRepository } from '../sessions/sessions.repository';
import { CallSettlement, EndReason } from '../sessions/settlement';
import { agentPathPrefix, AgentUrlSigner } from '../sessions/signed-url';
import { interviewPlan } from '../interview/plan';
import { sessionTerms } from '../interview/vocabulary';
import { InterviewConversation } from './conversation';
import { SpeechSynthesizer } from './speech';
import { Transcriber } from './transcriber';

/** Policy violation: the close code for every connection the agent refuses (bad, expired or used URL, no subprotocol). */
const refused = 1008;
/**
 * Try Again Later: a replica shutting down takes no new call. The browser's client fails to connect
 * and a resume asks for a new URL, which connects through another replica.
 */
const tryElsewhere = 1013;
/** Service Restart: a call still running when the drain period is over, cut to be resumed on another replica. */
const restarting = 1012;
/** How often a draining replica looks whether its calls have all ended. */
const drainCheckMs = 250;
/** After the cut, how long a client gets to answer the close before its socket is dropped (its call is then resumable all the same). */
const closeHandshakeMs = 2_000;
const subprotocol = 'convai';
/** Frames kept while the session is claimed (the initiation comes first; a flood before it is not kept). */
const maxEarlyFrames = 16;
/**
 * The follow-up depends on the answer, so the reply waits for its transcript; the recogniser takes
 * about real time, one answer at a time, so the wait is bounded and the turn then goes on without it.
 */
const transcriptWaitMs = 8_000;

interface Frame {
  data: RawData;
  isBinary: boolean;
}

/**
 * The local interviewer's websocket endpoint on the service's own HTTP server, under
 * /api/voice/agent/ (the gateway forwards upgrades there). A refused connection is still accepted
 * and then closed with 1008, so the browser's client sees a reason instead of a failed handshake.
 */
@Injectable()
export class AgentServer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly wss = new WebSocketServer({
    noServer: true,
    maxPayload: 1024 * 1024,
    handleProtocols: (protocols) => (protocols.has(subprotocol) ? subprotocol : false),
  });
  private readonly running = new Set<Promise<unknown>>();
  /** Turn counts still being written, by session: a call is settled once those of this replica are in. */
  private readonly counting = new Map<string, Set<Promise<unknown>>>();

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly signer: AgentUrlSigner,
    private readonly repository: SessionsRepository,
    private readonly resumes: ResumeRepository,
    private readonly settlement: CallSettlement,
    private readonly calls: LiveCalls,
    private readonly speech: SpeechSynthesizer,
    private readonly transcriber: Transcriber,
    @Inject(SERVICE_CONFIG) private readonly config: VoiceConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    const server = this.adapterHost.httpAdapter.getHttpServer() as import('node:http').Server;
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      if (!(req.url ?? '').startsWith(agentPathPrefix)) {
        socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
        return;
      }
      this.wss.handleUpgrade(req, socket, head, (ws) => this.accept(ws, req));
    });
  }

  /**
   * The drain (SIGTERM, a scale-down or rollout): no new call is taken (readiness fails, a new
   * connection is refused with 1013), calls running here go on until they end, at most
   * VOICE_DRAIN_SECONDS; those still running then are cut with 1012 and resumable on another
   * replica for no new charge. The HTTP server, the database and the other replicas' asks (NATS)
   * all serve meanwhile: they stop only after this.
   */
  async beforeApplicationShutdown(): Promise<void> {
    this.calls.drain();
    const deadline = performance.now() + this.config.VOICE_DRAIN_SECONDS * 1000;
    if (this.wss.clients.size > 0)
      this.logger.info({ calls: this.wss.clients.size, drain_seconds: this.config.VOICE_DRAIN_SECONDS }, 'draining: waiting for calls to end');
    while (this.wss.clients.size > 0 && performance.now() < deadline) await sleep(drainCheckMs);
    if (this.wss.clients.size > 0) this.logger.warn({ calls: this.wss.clients.size }, 'drain period over: calls cut, resumable on another replica');
    for (const client of this.wss.clients) client.close(restarting, 'server restarting: resume the call');
    const cutAt = performance.now();
    while (this.wss.clients.size > 0 && performance.now() - cutAt < closeHandshakeMs) await sleep(50);
    for (const client of this.wss.clients) client.terminate();
    await Promise.race([Promise.allSettled([...this.running]), sleep(5_000)]);
    this.wss.close();
  }

  private accept(ws: WebSocket, req: IncomingMessage): void {
    // The client sends its initiation data right away: keep it while the session is claimed.
    const early: Frame[] = [];
    const keep = (data: RawData, isBinary: boolean) => {
      if (early.length < maxEarlyFrames) early.push({ data, isBinary });
    };
    ws.on('message', keep);
    // ws closes the socket itself on a frame over maxPayload (1009) or invalid UTF-8 (1007): only that call ends.
    ws.on('error', (err) => this.logger.debug({ err }, 'agent websocket error'));
    const work = this.start(ws, req, early, keep).catch((err: Error) => {
      this.logger.error({ err }, 'local interviewer failed');
      if (ws.readyState === WebSocket.OPEN) ws.close(1011, 'internal error');
    });
    this.track(work);
  }

  private async start(ws: WebSocket, req: IncomingMessage, early: Frame[], keep: (data: RawData, isBinary: boolean) => void): Promise<void> {
    // Before the URL is claimed: refused here, it is still good on another replica.
    if (!this.calls.takesNewCalls) return ws.close(tryElsewhere, 'this server is shutting down: connect again');
    if (ws.protocol !== subprotocol) return ws.close(refused, 'the convai subprotocol is required');
    const call = this.signer.verify(req.url ?? '');
    if (!call) return ws.close(refused, 'invalid or expired signed URL');
    const { sessionId, resume } = call;
    const claimedAt = new Date(this.clock.now());
    const session = resume ? await this.resumes.claimResume(sessionId, resume, claimedAt) : await this.repository.claim(sessionId, claimedAt);
    if (!session) return ws.close(refused, resume ? 'this interview can no longer be resumed with this URL' : 'this signed URL was already used');

    const plan = interviewPlan({ seed: sessionId, company: session.company, level: session.level, topics: session.topics, minutes: session.minutes });
    const terms = { terms: sessionTerms(plan, session.company, session.topics) };
    // The limit (the chosen length) counts from the first connection, however often the call was resumed.
    const conversation = new InterviewConversation(ws, sessionId, plan, session.connected_at.getTime(), {
      speak: (text) => this.speech.speak(text),
      transcribe: (pcm, rate) => this.transcriber.transcribe(pcm, rate, terms),
      clock: this.clock,
      pingIntervalMs: this.config.VOICE_PING_INTERVAL_MS,
      endOfTurnMs: this.config.VOICE_END_OF_TURN_MS,
      thinkingPauseMs: this.config.VOICE_THINKING_PAUSE_MS,
      audioAheadMs: this.config.VOICE_AUDIO_AHEAD_MS,
      monotonicNow: () => performance.now(),
      turnTaken: (role) => this.countTurn(sessionId, role),
      transcriptWaitMs,
      company: session.company,
      topics: session.topics,
    });
    if (session.resume_state) conversation.restore(session.resume_state);
    await this.calls.add(sessionId, {
      hangUp: () => {
        conversation.hangUp();
        return this.settle(sessionId, 'user');
      },
      timeUp: () => conversation.timeUp(),
    });
    if (ws.readyState !== WebSocket.OPEN) {
      conversation.closed(1006);
      return this.ended(sessionId, conversation);
    }
    const receive = ({ data, isBinary }: Frame) => {
      // A listener that throws would take the whole process down (an uncaught exception): a frame only ever ends its own call.
      try {
        if (isBinary) conversation.receiveBinary();
        else conversation.receive(data.toString());
      } catch (err) {
        this.logger.error({ err, session_id: sessionId }, 'a client frame failed; the call is closed');
        if (ws.readyState === WebSocket.OPEN) ws.close(1011, 'internal error');
      }
    };
    ws.off('message', keep);
    ws.on('message', (data, isBinary) => receive({ data, isBinary }));
    ws.on('close', (code) => conversation.closed(code));
    for (const frame of early) receive(frame);
    this.logger.info({ session_id: sessionId, resume }, 'local interview connected');
    await this.ended(sessionId, conversation);
  }

  /**
   * A call that dropped (not ended by the candidate, the goodbye or the limit) stays open for the
   * resume window, from where it stood; any other end finishes the session at once.
   */
  private async ended(sessionId: string, conversation: InterviewConversation): Promise<void> {
    const reason = await conversation.ended;
    const endedAt = this.clock.now();
    this.calls.remove(sessionId);
    if (reason !== 'error') await this.settle(sessionId, reason);
    this.logger.info({ session_id: sessionId, reason }, reason === 'error' ? 'local interview dropped' : 'local interview ended');
    // The last answers may still be in the recogniser: the transcript follows when they are done.
    const result = await conversation.result;
    await this.repository.saveConversation(this.repository.db, sessionId, result.transcript, result.report);
    if (reason !== 'error') await this.settlement.refundUnheard(sessionId);
    if (reason === 'error') {
      const window = this.config.VOICE_RESUME_WINDOW_MS;
      await this.resumes.interrupt(sessionId, conversation.snapshot(), new Date(endedAt), new Date(endedAt + window));
    }
  }

  /** Counted as it happens, in the database: whichever replica ends the session reads what this one observed. */
  private countTurn(sessionId: string, role: 'agent' | 'user'): void {
    const work = this.repository
      .countTurn(sessionId, role)
      .catch((err: Error) => this.logger.warn({ err, session_id: sessionId }, 'a turn could not be counted'));
    let pending = this.counting.get(sessionId);
    if (!pending) this.counting.set(sessionId, (pending = new Set()));
    pending.add(work);
    void work.finally(() => {
      pending.delete(work);
      if (pending.size === 0 && this.counting.get(sessionId) === pending) this.counting.delete(sessionId);
    });
    this.track(work);
  }

  /** Ends the session here, once the turns this replica observed are counted: the refund rule reads them. */
  private async settle(sessionId: string, reason: EndReason): Promise<void> {
    await Promise.allSettled([...(this.counting.get(sessionId) ?? [])]);
    await this.settlement.finish(sessionId, reason);
  }

  private track(work: Promise<unknown>): void {
    this.running.add(work);
    void work.finally(() => this.running.delete(work));
  }
}
