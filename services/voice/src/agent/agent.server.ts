import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { Inject, Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { LOGGER, Logger, SERVICE_CONFIG } from '@app/service-kit';
import { RawData, WebSocket, WebSocketServer } from 'ws';
import { CLOCK, Clock } from '../clock';
import type { VoiceConfig } from '../config';
import { LiveCalls } from '../sessions/live-calls';
import { SessionsRepository } from '../sessions/sessions.repository';
import { SessionsService } from '../sessions/sessions.service';
import { agentPathPrefix, AgentUrlSigner } from '../sessions/signed-url';
import { InterviewConversation } from './conversation';
import { interviewPlan } from './plan';
import { SpeechSynthesizer } from './speech';
import { Transcriber } from './transcriber';

/** Policy violation: the close code for every connection the agent refuses (bad, expired or used URL, no subprotocol). */
const refused = 1008;
const subprotocol = 'convai';

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
    private readonly sessions: SessionsService,
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
    const early: string[] = [];
    const keep = (data: RawData) => early.push(data.toString());
    ws.on('message', keep);
    ws.on('error', (err) => this.logger.debug({ err }, 'agent websocket error'));
    const work = this.start(ws, req, early, keep).catch((err: Error) => {
      this.logger.error({ err }, 'local interviewer failed');
      if (ws.readyState === WebSocket.OPEN) ws.close(1011, 'internal error');
    });
    this.track(work);
  }

  private async start(ws: WebSocket, req: IncomingMessage, early: string[], keep: (data: RawData) => void): Promise<void> {
    if (ws.protocol !== subprotocol) return ws.close(refused, 'the convai subprotocol is required');
    const sessionId = this.signer.verify(req.url ?? '');
    if (!sessionId) return ws.close(refused, 'invalid or expired signed URL');
    const connectedAt = this.clock.now();
    const session = await this.repository.claim(sessionId, new Date(connectedAt));
    if (!session) return ws.close(refused, 'this signed URL was already used');
    if (ws.readyState !== WebSocket.OPEN) {
      await this.sessions.finish(sessionId, 'error');
      return;
    }

    const conversation = new InterviewConversation(ws, sessionId, interviewPlan(session), connectedAt, {
      speak: (text) => this.speech.speak(text),
      transcribe: (pcm, rate) => this.transcriber.transcribe(pcm, rate),
      clock: this.clock,
      pingIntervalMs: this.config.VOICE_PING_INTERVAL_MS,
      endOfTurnMs: this.config.VOICE_END_OF_TURN_MS,
    });
    this.calls.add(sessionId, { hangUp: () => conversation.hangUp(), timeUp: () => conversation.timeUp() });
    ws.off('message', keep);
    ws.on('message', (data) => conversation.receive(data.toString()));
    ws.on('close', (code) => conversation.closed(code));
    for (const message of early) conversation.receive(message);
    this.logger.info({ session_id: sessionId }, 'local interview connected');

    const reason = await conversation.ended;
    this.calls.remove(sessionId);
    await this.sessions.finish(sessionId, reason);
    this.logger.info({ session_id: sessionId, reason }, 'local interview ended');
    // The last answers may still be in the recogniser: the transcript follows when they are done.
    const result = await conversation.result;
    await this.repository.saveConversation(sessionId, result.transcript, result.report);
  }

  private track(work: Promise<unknown>): void {
    this.running.add(work);
    void work.finally(() => this.running.delete(work));
  }
}
