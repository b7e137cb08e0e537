import type { DisconnectionDetails, VoiceConversation } from '@elevenlabs/client';
import { AgentPlan, InterviewContext, voiceConstants, voiceMessages } from '@app/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { DesignScene } from '@/components/design-canvas/scene';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api';
import { bindVoiceConversation, endVoiceSession, requestSignedUrl, resumeVoiceSession, useRefreshVoice } from './api';
import { drawingUpdate } from './drawing';

/**
 * Spec section 4: idle -> connecting (on start) -> active (session started) -> idle (on end, failure
 * or time limit); a call that drops is reconnecting (the same session) until it is active again or
 * its resume window is over.
 */
export type CallState = 'idle' | 'connecting' | 'active' | 'reconnecting';
export type CallMode = 'speaking' | 'listening';
/** `not_started`: the call failed before it connected (refused, microphone denied); `error`: it dropped. */
export type CallEnd = 'user' | 'agent' | 'time_limit' | 'error' | 'not_started';

export interface LiveLine {
  role: 'agent' | 'user';
  message: string;
}

/** The client's worklets, served by the app (public/voice/): nothing is fetched from a CDN. */
const worklets = {
  workletPaths: { rawAudioProcessor: '/voice/rawAudioProcessor.js', audioConcatProcessor: '/voice/audioConcatProcessor.js' },
  libsampleratePath: '/voice/libsamplerate.worklet.js',
};

const resumeWindowMs = voiceConstants.resumeWindowSeconds * 1000;

/** The drawing goes to the interviewer once the candidate stops changing it for this long (a pause at the canvas). */
const drawingPauseMs = 1_500;

/** The n-th reconnect attempt's wait (spec: 1 s, 2 s, 5 s, then every 10 s). */
const reconnectDelay = (attempt: number) => voiceConstants.reconnectDelaysMs[Math.min(attempt, voiceConstants.reconnectDelaysMs.length - 1)];

/** A resume the service refused for good (ended, past its window, an ElevenLabs call): no use trying again. */
const notResumable = (err: unknown) => err instanceof ApiError && (err.status === 404 || (err.status === 409 && err.message !== voiceMessages.stillConnected));

/**
 * The service's plan for an ElevenLabs agent, as @elevenlabs/client's startSession takes it: the
 * prompt and first message as overrides, the recogniser's keywords, the variables and the user.
 * The local interviewer draws its plan itself and ignores these.
 */
function agentSession(plan: AgentPlan | undefined) {
  if (!plan) return {};
  return {
    dynamicVariables: plan.dynamic_variables,
    overrides: { agent: { prompt: { prompt: plan.prompt }, firstMessage: plan.first_message }, asr: { keywords: plan.keywords } },
    userId: plan.user_id,
  };
}

const failedStart = () => toast({ variant: 'destructive', title: 'Error', description: voiceMessages.startFailed });

/** Spec section 7: the microphone is asked for before the call connects; a refusal is said once. */
async function microphoneAllowed(): Promise<boolean> {
  try {
    const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    for (const track of stream.getTracks()) track.stop();
    return true;
  } catch {
    toast({ variant: 'destructive', title: 'Error', description: voiceMessages.microphoneDenied });
    return false;
  }
}

/** How the call ended, from the client's disconnection details (reason and context, not the raw close code). */
function endOf(details: DisconnectionDetails): CallEnd {
  if (details.reason === 'user') return 'user';
  if (details.reason === 'agent') return 'agent';
  return details.context.type === 'max_duration_exceeded' ? 'time_limit' : 'error';
}

/**
 * One AI interview call through the unchanged @elevenlabs/client, loaded only when a call starts
 * (it is large): the signed URL (5 credits), then the microphone, then the session. Whatever ends
 * the call, the service is told, so it records the duration and refunds a call that never started.
 */
/** `onEnded` should be stable (useCallback): it is called once per call, after the service was told. */
export function useInterviewCall(onEnded: (sessionId: string, how: CallEnd) => void) {
  const [state, setState] = useState<CallState>('idle');
  const [mode, setMode] = useState<CallMode>('listening');
  const [lines, setLines] = useState<LiveLine[]>([]);
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const [micMuted, setMicMutedState] = useState(false);
  const [insufficient, setInsufficient] = useState(false);
  const [drawingTooLarge, setDrawingTooLarge] = useState(false);
  const conversation = useRef<VoiceConversation | null>(null);
  /** The ElevenLabs plan of the call (none for the local interviewer): what the drawing is checked against. */
  const agentPlan = useRef<AgentPlan | undefined>(undefined);
  /** The drawing as last changed, what the interviewer was last told of it, and the pause before telling it. */
  const drawing = useRef<DesignScene | null>(null);
  const drawingSaid = useRef<string | null>(null);
  const drawingTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const session = useRef<{ id: string; ended: boolean } | null>(null);
  const endingAs = useRef<CallEnd | null>(null);
  const reconnectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** The page was left: an attempt already under way must not open a call nobody sees. */
  const left = useRef(false);
  /** The latest reconnect: a dropped call (inside connect) and each failed attempt go back to it. */
  const reconnectRef = useRef<(droppedAt: number, attempt: number) => void>(() => undefined);
  const refresh = useRefreshVoice();

  /** Tells the interviewer the drawing, only when what it shows changed since it was last told (moving a box changes nothing). */
  const sendDrawing = useCallback(() => {
    clearTimeout(drawingTimer.current);
    const live = conversation.current;
    if (!live || !drawing.current) return;
    const update = drawingUpdate(drawing.current, agentPlan.current);
    setDrawingTooLarge('tooLarge' in update);
    if ('tooLarge' in update || update.says === drawingSaid.current) return;
    live.sendContextualUpdate(update.text);
    drawingSaid.current = update.says;
  }, []);

  /** A system design mock's canvas changed: told to the interviewer after a pause in the drawing. */
  const drawingChanged = useCallback(
    (scene: DesignScene) => {
      drawing.current = scene;
      clearTimeout(drawingTimer.current);
      drawingTimer.current = setTimeout(sendDrawing, drawingPauseMs);
    },
    [sendDrawing],
  );

  const finish = useCallback(
    async (how: CallEnd, conversationId?: string) => {
      const current = session.current;
      if (!current || current.ended) return;
      current.ended = true;
      conversation.current = null;
      setState('idle');
      setMode('listening');
      setStartedAt(null);
      try {
        await endVoiceSession(current.id, conversationId ? { conversation_id: conversationId } : {});
      } catch {
        toast({ variant: 'destructive', title: 'Error', description: voiceMessages.endFailed });
      }
      await refresh();
      onEnded(current.id, how);
    },
    [refresh, onEnded],
  );

  /**
   * Opens the call on a signed URL (the first or a resume). Answers whether it connected; a call
   * that drops afterwards reconnects to the same session while it can be resumed.
   */
  const connect = useCallback(
    async (signedUrl: string, plan?: AgentPlan): Promise<boolean> => {
      const current = session.current;
      if (!current) return false;
      agentPlan.current = plan;
      try {
        const { VoiceConversation } = await import('@elevenlabs/client');
        let id: string | undefined;
        let connected = false;
        conversation.current = await VoiceConversation.startSession({
          signedUrl,
          connectionType: 'websocket',
          inputChunkDurationMs: voiceConstants.inputChunkDurationMs,
          ...worklets,
          ...agentSession(plan),
          onConnect: ({ conversationId }) => {
            id = conversationId;
            connected = true;
            // ElevenLabs: the service binds the conversation now (after checking it with ElevenLabs),
            // so the call is settled from ElevenLabs' record even if this page never says it ended.
            // Bound, the service has the call as connected: past interviews then say so. A refusal (4xx: not
            // this user's, agent's or interview's conversation) is said as the service said it; a network or
            // upstream failure is not the candidate's to act on, and the end names the conversation again.
            if (plan && conversationId)
              void bindVoiceConversation(current.id, conversationId).then(
                () => refresh(),
                (err: unknown) => {
                  if (err instanceof ApiError && err.status < 500) toast({ variant: 'destructive', title: 'Error', description: err.message });
                },
              );
            // The 20-minute limit counts from the first connection, resumed or not.
            setStartedAt((before) => before ?? Date.now());
            setState('active');
            // A new connection (a resumed one too) knows nothing of the drawing yet: it is told at once.
            drawingSaid.current = null;
            setTimeout(sendDrawing);
            toast({ title: voiceMessages.started });
            void refresh();
          },
          onModeChange: ({ mode: next }) => setMode(next),
          onMessage: ({ message, role }) => setLines((before) => [...before, { role, message }]),
          onDisconnect: (details) => {
            const how = endingAs.current ?? endOf(details);
            conversation.current = null;
            if (how === 'error' && connected && !current.ended) reconnectRef.current(Date.now(), 0);
            else void finish(how, id);
          },
        });
        return true;
      } catch {
        return false;
      }
    },
    [finish, refresh, sendDrawing],
  );

  /** Spec backoff until the resume window (from the drop) is over; then the call is lost as before. */
  const reconnect = useCallback(
    (droppedAt: number, attempt: number) => {
      setState('reconnecting');
      setMode('listening');
      reconnectTimer.current = setTimeout(
        async () => {
          const current = session.current;
          if (!current || current.ended) return;
          if (Date.now() - droppedAt >= resumeWindowMs) return void finish('error');
          try {
            const resumed = await resumeVoiceSession(current.id);
            if (left.current || (await connect(resumed.signedUrl))) return;
          } catch (err) {
            if (notResumable(err)) return void finish('error');
          }
          reconnectRef.current(droppedAt, attempt + 1);
        },
        attempt < 0 ? 0 : reconnectDelay(attempt),
      );
    },
    [connect, finish],
  );
  useEffect(() => {
    reconnectRef.current = reconnect;
  }, [reconnect]);

  const start = useCallback(
    async (context: InterviewContext) => {
      if (state !== 'idle') return;
      setState('connecting');
      setLines([]);
      setStartedAt(null);
      setInsufficient(false);
      endingAs.current = null;
      let signed: { signedUrl: string; sessionId: string; plan?: AgentPlan };
      try {
        signed = await requestSignedUrl(context);
      } catch (err) {
        setState('idle');
        if (err instanceof ApiError && err.status === 402) setInsufficient(true);
        else failedStart();
        await refresh();
        return;
      }
      session.current = { id: signed.sessionId, ended: false };
      await refresh();
      // Spec section 7: after the signed URL, microphone access is requested.
      if (!(await microphoneAllowed())) {
        await finish('not_started');
        return;
      }
      if (!(await connect(signed.signedUrl, signed.plan))) {
        failedStart();
        await finish('not_started');
      }
    },
    [state, finish, refresh, connect],
  );

  /**
   * An interrupted call found when the page opens (the tab was closed): the same session, reconnected
   * at once and then with the spec's backoff, the countdown going on from its first connection.
   */
  const resume = useCallback(
    async (sessionId: string, connectedAt: string, droppedUntil: string) => {
      if (state !== 'idle') return;
      setLines([]);
      setInsufficient(false);
      endingAs.current = null;
      session.current = { id: sessionId, ended: false };
      setStartedAt(Date.parse(connectedAt));
      if (!(await microphoneAllowed())) {
        session.current = null;
        setStartedAt(null);
        return;
      }
      reconnect(Date.parse(droppedUntil) - resumeWindowMs, -1);
    },
    [state, reconnect],
  );

  /** The candidate confirmed (or the countdown reached zero): end the session as the user. */
  const end = useCallback(
    async (how: 'user' | 'time_limit' = 'user') => {
      const live = conversation.current;
      if (!live) return;
      endingAs.current = how;
      const id = live.getId();
      try {
        await live.endSession();
      } catch {
        toast({ variant: 'destructive', title: 'Error', description: voiceMessages.endFailed });
      }
      await finish(how, id);
    },
    [finish],
  );

  /** "I'm done": the interviewer takes its turn now instead of waiting out the pause it leaves for thinking. */
  const answerDone = useCallback(() => {
    // The interviewer reads the drawing as it is when the answer ends.
    sendDrawing();
    conversation.current?.sendContextualUpdate(voiceConstants.answerDoneText);
  }, [sendDrawing]);

  const setMicMuted = useCallback((muted: boolean) => {
    conversation.current?.setMicMuted(muted);
    setMicMutedState(muted);
  }, []);

  // Leaving the page ends the call (it would otherwise keep the microphone and the credits running).
  useEffect(() => {
    left.current = false;
    return () => {
      left.current = true;
      clearTimeout(reconnectTimer.current);
      clearTimeout(drawingTimer.current);
      void conversation.current?.endSession();
    };
  }, []);

  return { state, mode, lines, startedAt, micMuted, setMicMuted, answerDone, drawingChanged, drawingTooLarge, insufficient, start, resume, end };
}
