import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { AuthUser, postCallWebhookSchema, voiceMessages, VoiceSession } from '@app/contracts';
import {
  AppError,
  conflict,
  forbidden,
  fullJitter,
  JobRunner,
  LOGGER,
  Logger,
  notFound,
  SERVICE_CONFIG,
  unauthorized,
  validationFailed,
} from '@app/service-kit';
import { CLOCK, Clock } from '../clock';
import type { VoiceConfig } from '../config';
import { SessionsRepository } from '../sessions/sessions.repository';
import { CallSettlement } from '../sessions/settlement';
import { ElevenLabsClient, ElevenLabsConversation, readConversation } from './elevenlabs.client';
import { verifyWebhookSignature, webhookToleranceSeconds } from './webhook-signature';

/** ElevenLabs' signed URLs can be used for 15 minutes: a conversation of this interview starts within them. */
const signedUrlLifeMs = 15 * 60_000;
/** Clocks differ: ElevenLabs' start time may read this much before the interview's. */
const clockSkewMs = 60_000;
/** Right after connecting, ElevenLabs may not answer for the conversation yet: asked again this often. */
const recordNotYetRetries = [300, 700];
/** A record that never becomes final is given up on (charged as it stands) this long after the start. */
const giveUpAfterMs = 24 * 3_600_000;
/** How long one replica holds a claimed call while it reads the record. */
const claimMs = 60_000;

/**
 * ElevenLabs calls on the server's word only (issue 24, item 8): which conversation a call is
 * (bound on connect, after ElevenLabs' record shows it is this app's agent, this user and this
 * interview's time), and its transcript, evaluation and charge from that record, by the post-call
 * webhook (HMAC-verified) or, failing that, by polling until it is final.
 */
@Injectable()
export class ElevenLabsCalls implements OnModuleInit {
  constructor(
    private readonly sessions: SessionsRepository,
    private readonly settlement: CallSettlement,
    private readonly elevenLabs: ElevenLabsClient,
    @Inject(SERVICE_CONFIG) private readonly config: VoiceConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(JobRunner) private readonly jobs: JobRunner,
  ) {}

  /** A job of the kit's runner, one poll at a time across replicas; after a restart it goes on by itself: the calls to read are the unsettled rows. */
  onModuleInit(): void {
    if (!this.elevenLabs.enabled) return;
    this.jobs.define({ name: 'elevenlabs-poll', everyMs: this.config.ELEVENLABS_POLL_INTERVAL_MS, run: () => this.poll() });
  }

  /**
   * Binds the conversation the page connected to, once ElevenLabs' record shows it is this app's
   * agent's, the caller's, and started while this interview was open. One conversation, one
   * interview. The same id again answers the interview as it is.
   */
  async bind(user: AuthUser, sessionId: string, conversationId: string): Promise<VoiceSession> {
    const session = await this.sessions.find(this.sessions.db, sessionId, user.id);
    if (!session) throw notFound(voiceMessages.noSession);
    if (session.provider !== 'elevenlabs') throw conflict(voiceMessages.notAnElevenLabsInterview);
    const known = await this.sessions.conversationIdOf(sessionId);
    if (known && known !== conversationId) throw conflict(voiceMessages.interviewHasAnotherConversation);
    if (known && session.status !== 'pending') return session;
    if (session.status === 'ended') throw conflict(voiceMessages.interviewEnded);
    const record = await this.recordForBinding(sessionId, conversationId);
    if (record.agentId !== this.elevenLabs.agentId) throw forbidden(voiceMessages.conversationOfAnotherAgent);
    if (record.userId !== user.id) throw forbidden(voiceMessages.conversationOfAnotherUser);
    const opened = Date.parse(session.started_at);
    if (record.startedAt === null || record.startedAt < opened - clockSkewMs || record.startedAt > opened + signedUrlLifeMs + clockSkewMs) {
      throw conflict(voiceMessages.conversationOutsideInterview);
    }
    await this.sessions.db.transaction(async (tx) => {
      const open = await this.sessions.lockOpen(tx, sessionId);
      if (!open || open.status === 'ended') throw conflict(voiceMessages.interviewEnded);
      if (open.conversation_id && open.conversation_id !== conversationId) throw conflict(voiceMessages.interviewHasAnotherConversation);
      const firstPoll = new Date(this.clock.now() + this.config.ELEVENLABS_POLL_INTERVAL_MS);
      if (!(await this.sessions.bindConversation(tx, sessionId, conversationId, new Date(record.startedAt!), firstPoll))) {
        throw conflict(voiceMessages.conversationTaken);
      }
    });
    return (await this.sessions.find(this.sessions.db, sessionId, user.id))!;
  }

  /** The end's conversation_id, a hint only: bound when it passes bind's checks, ignored otherwise. */
  async bindHint(user: AuthUser, sessionId: string, conversationId: string): Promise<void> {
    await this.bind(user, sessionId, conversationId).catch((err: Error) =>
      this.logger.info({ session_id: sessionId, reason: err.message }, 'conversation named at the end not bound'),
    );
  }

  private async recordForBinding(sessionId: string, conversationId: string): Promise<ElevenLabsConversation> {
    for (let attempt = 0; ; attempt++) {
      let record: ElevenLabsConversation | undefined;
      try {
        record = await this.elevenLabs.conversation(conversationId);
      } catch (err) {
        this.logger.warn({ err, session_id: sessionId }, 'ElevenLabs conversation unavailable for binding');
        throw new AppError('upstream_unavailable', voiceMessages.providerUnavailable);
      }
      if (record) return record;
      if (attempt >= recordNotYetRetries.length) throw notFound(voiceMessages.conversationNotFound);
      await sleep(recordNotYetRetries[attempt]);
    }
  }

  /**
   * A post-call delivery: refused unless its signature holds (secret, raw bytes, 30 minutes) and is
   * new; then a post_call_transcription of this app's agent for a bound conversation settles that
   * interview. Anything else is acknowledged and changes nothing (ElevenLabs stops retrying).
   */
  async webhook(signature: unknown, rawBody: Buffer, body: unknown): Promise<{ settled: boolean }> {
    const secret = this.config.ELEVENLABS_WEBHOOK_SECRET;
    if (!secret) throw notFound('Route not found');
    const now = this.clock.now();
    const verified = verifyWebhookSignature(signature, rawBody, secret, now);
    if (!verified) throw unauthorized(voiceMessages.webhookSignature);
    const delivery = postCallWebhookSchema.safeParse(body);
    if (!delivery.success) throw validationFailed({ body: 'Not an ElevenLabs webhook delivery' });
    if (!(await this.sessions.takeDelivery(verified, new Date(now), new Date(now - 2 * webhookToleranceSeconds * 1000)))) {
      throw conflict(voiceMessages.webhookReplayed);
    }
    if (delivery.data.type !== 'post_call_transcription' || !delivery.data.data) return { settled: false };
    let record: ElevenLabsConversation;
    try {
      record = readConversation(delivery.data.data);
    } catch {
      throw validationFailed({ data: 'Not an ElevenLabs conversation' });
    }
    if (record.agentId !== this.elevenLabs.agentId || !record.conversationId || !record.final) return { settled: false };
    const sessionId = await this.sessions.sessionOfConversation(record.conversationId);
    if (!sessionId) return { settled: false };
    return { settled: await this.settlement.finish(sessionId, record.status === 'failed' ? 'error' : 'agent', { remote: record }) };
  }

  /**
   * Reads the records of the bound calls that are due (claimed, so one replica reads each): a final
   * record settles its call; otherwise it is read again after a random wait under a ceiling that
   * doubles up to ELEVENLABS_POLL_MAX_MS (calls due together, as after a restart, do not ask
   * ElevenLabs again all at once), and given up on (charged) a day after the start.
   */
  async poll(): Promise<number> {
    const now = this.clock.now();
    const due = await this.sessions.claimDue(new Date(now), new Date(now + claimMs), 20);
    for (const call of due) {
      const record = await this.settlement.elevenLabsRecord(call.id, call.conversation_id);
      const giveUp = now - call.started_at.getTime() > giveUpAfterMs;
      // No such conversation only means "never connected" once the call is over: before, the page may still connect.
      const settles = (record && record.final) || (record === null && call.status === 'ended') || giveUp;
      if (settles) {
        await this.settlement.finish(call.id, record?.status === 'failed' ? 'error' : 'agent', { remote: record, giveUp });
      } else {
        const wait = fullJitter(call.poll_attempts, { base: this.config.ELEVENLABS_POLL_INTERVAL_MS, cap: this.config.ELEVENLABS_POLL_MAX_MS });
        await this.sessions.pollAgainAt(call.id, new Date(now + wait));
      }
    }
    return due.length;
  }
}
