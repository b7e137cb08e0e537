import { z } from 'zod';
import { describeDesignScene, DesignSceneDescription, designSceneLimits, designSceneMessages } from './design-scene-text';

export * from './design-scene-text';

// The schema a scene frame (untrusted) is checked against; the text read from a drawing and its
// bounds are design-scene-text.ts's, which the interview page uses with no zod loaded.

const id = z.string().max(200);
const binding = z.object({ elementId: id }).nullable().optional();

/** The fields of an Excalidraw element read here; the rest (position, style, version) are dropped. */
const sceneElementSchema = z.object({
  id,
  type: z.string().max(40),
  isDeleted: z.boolean().optional(),
  /** A text element's words. */
  text: z.string().max(10_000).optional(),
  /** A text bound to a shape or an arrow: its label. */
  containerId: id.nullable().optional(),
  startBinding: binding,
  endBinding: binding,
});

const designSceneSchema = z.object({ elements: z.array(sceneElementSchema).max(designSceneLimits.elementsMax) });
export type DesignSceneElements = z.infer<typeof designSceneSchema>;

/**
 * How a scene travels to the interviewer: a `contextual_update` whose text is this JSON object, so
 * @elevenlabs/client's sendContextualUpdate carries it unchanged to the local interviewer.
 */
const designSceneFrameSchema = z.object({ design_scene: designSceneSchema });

type DesignSceneRead = { ok: true; scene: DesignSceneDescription } | { ok: false; error: 'scene_too_large' | 'invalid_scene'; message: string };

/**
 * A scene frame as the interviewer receives it (untrusted): the size cap first, then the schema.
 * `undefined` when the text is not a scene frame at all.
 */
export function readDesignSceneFrame(text: string): DesignSceneRead | undefined {
  // Ordinary context is words; a JSON object is a scene frame, and is held to the frame's rules.
  if (!text.trimStart().startsWith('{')) return undefined;
  if (text.length > designSceneLimits.frameCharsMax) return { ok: false, error: 'scene_too_large', message: designSceneMessages.tooLarge };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, error: 'invalid_scene', message: designSceneMessages.invalid };
  }
  const parsed = designSceneFrameSchema.safeParse(json);
  if (parsed.success) return { ok: true, scene: describeDesignScene(parsed.data.design_scene) };
  const tooMany = parsed.error.issues.some((issue) => issue.code === 'too_big' && issue.path.length === 2);
  return tooMany
    ? { ok: false, error: 'scene_too_large', message: designSceneMessages.tooLarge }
    : { ok: false, error: 'invalid_scene', message: designSceneMessages.invalid };
}
