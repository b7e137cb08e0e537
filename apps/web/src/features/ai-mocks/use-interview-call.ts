import type { DisconnectionDetails, VoiceConversation } from '@elevenlabs/client';
import { InterviewContext, voiceConstants, voiceMessages } from '@app/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api';
import { endVoiceSession, requestSignedUrl, useRefreshVoice } from './api';

/** Spec section 4: idle -> connecting (on start) -> active (session started) -> idle (on end, failure or time limit). */
export type CallState = 'idle' | 'connecting' | 'active';
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

const failedStart = () => toast({ variant: 'destructive', title: 'Error', description: voiceMessages.startFailed });

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
  const conversation = useRef<VoiceConversation | null>(null);
  const session = useRef<{ id: string; ended: boolean } | null>(null);
  const endingAs = useRef<CallEnd | null>(null);
  const refresh = useRefreshVoice();

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

  const start = useCallback(
    async (context: InterviewContext) => {
      if (state !== 'idle') return;
      setState('connecting');
      setLines([]);
      setInsufficient(false);
      endingAs.current = null;
      let signed: { signedUrl: string; sessionId: string };
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
      try {
        const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
        for (const track of stream.getTracks()) track.stop();
      } catch {
        toast({ variant: 'destructive', title: 'Error', description: voiceMessages.microphoneDenied });
        await finish('not_started');
        return;
      }
      try {
        const { VoiceConversation } = await import('@elevenlabs/client');
        let id: string | undefined;
        conversation.current = await VoiceConversation.startSession({
          signedUrl: signed.signedUrl,
          connectionType: 'websocket',
          inputChunkDurationMs: voiceConstants.inputChunkDurationMs,
          ...worklets,
          onConnect: ({ conversationId }) => {
            id = conversationId;
            setStartedAt(Date.now());
            setState('active');
            toast({ title: voiceMessages.started });
            void refresh();
          },
          onModeChange: ({ mode: next }) => setMode(next),
          onMessage: ({ message, role }) => setLines((before) => [...before, { role, message }]),
          onDisconnect: (details) => void finish(endingAs.current ?? endOf(details), id),
        });
      } catch {
        failedStart();
        await finish('not_started');
      }
    },
    [state, finish, refresh],
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
  const answerDone = useCallback(() => conversation.current?.sendContextualUpdate(voiceConstants.answerDoneText), []);

  const setMicMuted = useCallback((muted: boolean) => {
    conversation.current?.setMicMuted(muted);
    setMicMutedState(muted);
  }, []);

  // Leaving the page ends the call (it would otherwise keep the microphone and the credits running).
  useEffect(
    () => () => {
      void conversation.current?.endSession();
    },
    [],
  );

  return { state, mode, lines, startedAt, micMuted, setMicMuted, answerDone, insufficient, start, end };
}
