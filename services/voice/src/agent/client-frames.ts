import { DesignSceneDescription, limits, readDesignSceneFrame, voiceConstants } from '@app/contracts';
import { z } from 'zod';

/**
 * Every frame a client may send the agent, as @elevenlabs/client sends it (reference notes). A
 * frame is either one of these or a protocol error: nothing a client sends can reach the
 * conversation unchecked.
 */
const audioChunk = z.object({ user_audio_chunk: z.base64() });
const initiation = z.object({ type: z.literal('conversation_initiation_client_data') });
const pong = z.object({ type: z.literal('pong'), event_id: z.number().int() });
/** A typed answer: bounded as every text of the contract is (refused past it, and the candidate told). */
const userMessage = z.object({ type: z.literal('user_message'), text: z.string() });
/** Context for the agent; the page's "I'm done" is one (voiceConstants.answerDoneText), the drawing another (a JSON scene frame). */
const contextualUpdate = z.object({ type: z.literal('contextual_update'), text: z.string() });
/** Frames the client may send that the local interviewer has no use for. */
const ignored = z.object({ type: z.enum(['user_activity', 'contextual_update', 'feedback', 'client_tool_result']) });

export type ClientFrame =
  | { kind: 'audio'; pcm: Buffer }
  | { kind: 'initiation' }
  | { kind: 'pong'; eventId: number }
  | { kind: 'user_message'; text: string }
  | { kind: 'answer_done' }
  | { kind: 'design_scene'; scene: DesignSceneDescription }
  /** A scene frame refused (too large, not a scene): the candidate is told, and the call goes on with the drawing it had. */
  | { kind: 'design_scene_refused'; errorType: string; reason: string }
  | { kind: 'ignored' }
  | { kind: 'invalid'; reason: string };

/** How a frame that is not part of the protocol is answered (an `error` event the client logs; the call goes on). */
export const protocolErrorType = 'invalid_message';

export function parseClientFrame(raw: string): ClientFrame {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { kind: 'invalid', reason: 'a frame must be a JSON object' };
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return { kind: 'invalid', reason: 'a frame must be a JSON object' };
  if ('user_audio_chunk' in json) {
    const audio = audioChunk.safeParse(json);
    return audio.success
      ? { kind: 'audio', pcm: Buffer.from(audio.data.user_audio_chunk, 'base64') }
      : { kind: 'invalid', reason: 'user_audio_chunk must be base64 audio' };
  }
  const type = (json as { type?: unknown }).type;
  if (initiation.safeParse(json).success) return { kind: 'initiation' };
  const answered = pong.safeParse(json);
  if (answered.success) return { kind: 'pong', eventId: answered.data.event_id };
  const typed = userMessage.safeParse(json);
  if (typed.success) return { kind: 'user_message', text: typed.data.text };
  const context = contextualUpdate.safeParse(json).data?.text;
  if (context === voiceConstants.answerDoneText) return { kind: 'answer_done' };
  const drawing = context === undefined ? undefined : readDesignSceneFrame(context);
  if (drawing)
    return drawing.ok ? { kind: 'design_scene', scene: drawing.scene } : { kind: 'design_scene_refused', errorType: drawing.error, reason: drawing.message };
  if (ignored.safeParse(json).success) return { kind: 'ignored' };
  if (typeof type !== 'string') return { kind: 'invalid', reason: 'a frame needs a type (or user_audio_chunk)' };
  if (type === 'pong' || type === 'user_message') return { kind: 'invalid', reason: `${type} is missing a field or has one of the wrong type` };
  return { kind: 'invalid', reason: `unknown frame type: ${type.slice(0, 64)}` };
}

/** The longest typed answer the interviewer takes (the contract's bound on any text). */
export const userMessageMax: number = limits.textMax;
