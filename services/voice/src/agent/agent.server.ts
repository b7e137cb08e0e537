import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { Inject, Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { LOGGER, Logger, SERVICE_CONFIG } from '@app/service-kit';
import { RawData, WebSocket, WebSocketServer } from 'ws';
import { CLOCK, Clock } from '../clock';
import type { VoiceConfig } from '../config';
import { LiveCalls } from '../sessions/live-calls';
import { ResumeRepository } from '../sessions/resume.repository';
import { SessionsRepository } from '../sessions/sessions.repository';
import { CallSettlement } from '../sessions/settlement';
import { agentPathPrefix, AgentUrlSigner } from '../sessions/signed-url';
import { interviewPlan } from '../interview/plan';
import { sessionTerms } from '../interview/vocabulary';
import { InterviewConversation } from './conversation';
import { SpeechSynthesizer } from './speech';
import { Transcriber } from './transcriber';

/** Policy violation: the close code for every connection the agent refuses (bad, expired or used URL, no subprotocol). */
const refused = 1008;
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
export class AgentServer implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly wss = new WebSocketServer({
    noServer: true,
    maxPayload: 1024 * 1024,
    handleProtocols: (protocols) => (protocols.has(subprotocol) ? subprotocol : false),
  });
  private readonly running = new Set<Promise<unknown>>();

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

  async onModuleDestroy(): Promise<void> {
    for (const client of this.wss.clients) client.close(1001, 'server shutting down');
    await Promise.race([Promise.allSettled([...this.running]), new Promise((r) => setTimeout(r, 5_000))]);
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
    if (ws.protocol !== subprotocol) return ws.close(refused, 'the convai subprotocol is required');
    const call = this.signer.verify(req.url ?? '');
    if (!call) return ws.close(refused, 'invalid or expired signed URL');
    const { sessionId, resume } = call;
    const claimedAt = new Date(this.clock.now());
    const session = resume ? await this.resumes.claimResume(sessionId, resume, claimedAt) : await this.repository.claim(sessionId, claimedAt);
    if (!session) return ws.close(refused, resume ? 'this interview can no longer be resumed with this URL' : 'this signed URL was already used');

    const plan = interviewPlan({ seed: sessionId, company: session.company, level: session.level, topics: session.topics, minutes: session.minutes });
    const terms = { terms: sessionTerms(plan, session.company, session.topics) };
    // The 20-minute limit counts from the first connection, however often the call was resumed.
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
    if (ws.readyState !== WebSocket.OPEN) {
      conversation.closed(1006);
      return this.ended(sessionId, conversation);
    }
    this.calls.add(sessionId, { hangUp: () => conversation.hangUp(), timeUp: () => conversation.timeUp() });
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
    if (reason !== 'error') await this.settlement.finish(sessionId, reason);
    this.logger.info({ session_id: sessionId, reason }, reason === 'error' ? 'local interview dropped' : 'local interview ended');
    // The last answers may still be in the recogniser: the transcript follows when they are done.
    const result = await conversation.result;
    await this.repository.saveConversation(this.repository.db, sessionId, result.transcript, result.report);
    if (reason === 'error') {
      const window = this.config.VOICE_RESUME_WINDOW_MS;
      await this.resumes.interrupt(sessionId, conversation.snapshot(), new Date(endedAt), new Date(endedAt + window));
    }
  }

  /** Counted as it happens, in the database: whichever replica ends the session reads what this one observed. */
  private countTurn(sessionId: string, role: 'agent' | 'user'): void {
    this.track(
      this.repository.countTurn(sessionId, role).catch((err: Error) => this.logger.warn({ err, session_id: sessionId }, 'a turn could not be counted')),
    );
  }

  private track(work: Promise<unknown>): void {
    this.running.add(work);
    void work.finally(() => this.running.delete(work));
  }
}
