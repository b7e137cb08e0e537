import { z } from 'zod';
import { formatCount } from './caps';

/**
 * An Excalidraw drawing read as text (issue 36 item 4): what the voice interviewer is told of the
 * candidate's canvas, on the server (the local interviewer) and in the page (an ElevenLabs agent).
 */
export const designSceneLimits = {
  /** The scene frame's JSON, in characters: elements only, each with the few fields read here. */
  frameCharsMax: 256 * 1024,
  elementsMax: 2_000,
  /** One label as the interviewer reads it. */
  labelMax: 80,
  /** The whole description: an interviewer reads a drawing's gist, not a dump of it. */
  textMax: 3_000,
} as const;

export const designSceneMessages = {
  tooLarge: `The drawing sent to the interviewer is larger than ${designSceneLimits.frameCharsMax / 1024} KB or ${formatCount(designSceneLimits.elementsMax)} shapes: it was not read, and the call goes on`,
  invalid: 'The drawing sent to the interviewer is not an Excalidraw scene ({ elements: [...] }): it was not read, and the call goes on',
} as const;

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

export interface DesignArrow {
  from: string;
  to: string;
  label?: string;
}

export interface DesignSceneDescription {
  /** The labelled shapes (boxes, ellipses, diamonds), in drawing order. */
  components: string[];
  arrows: DesignArrow[];
  /** Text standing on its own on the canvas. */
  notes: string[];
  /** All of it as the interviewer reads it, capped at designSceneLimits.textMax. */
  text: string;
}

const shapes = new Set(['rectangle', 'ellipse', 'diamond']);

const clean = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > designSceneLimits.labelMax ? `${flat.slice(0, designSceneLimits.labelMax - 1)}…` : flat;
};

/** Lines joined until the cap; what does not fit is counted instead of cut mid-word. */
function capped(sections: Array<[string, string[]]>): string {
  const lines: string[] = [];
  let used = 0;
  for (const [title, items] of sections) {
    if (items.length === 0) continue;
    let shown = 0;
    let line = `${title}: `;
    for (const item of items) {
      const next = `${shown === 0 ? '' : '; '}${item}`;
      if (used + line.length + next.length > designSceneLimits.textMax - 40) break;
      line += next;
      shown++;
    }
    if (shown < items.length) line += `${shown === 0 ? '' : '; '}and ${items.length - shown} more`;
    lines.push(line);
    used += line.length + 1;
  }
  return lines.join('\n');
}

/** The scene as text: its components, arrows "A -> B (label)" and free text; deleted elements are not there. */
export function describeDesignScene(scene: DesignSceneElements): DesignSceneDescription {
  const live = scene.elements.filter((e) => !e.isDeleted);
  const byId = new Map(live.map((e) => [e.id, e]));
  const labels = new Map<string, string[]>();
  for (const e of live) {
    if (e.type !== 'text' || !e.containerId || !e.text?.trim()) continue;
    labels.set(e.containerId, [...(labels.get(e.containerId) ?? []), e.text]);
  }
  const labelOf = (elementId: string): string | undefined => {
    const e = byId.get(elementId);
    if (!e) return undefined;
    if (e.type === 'text') return e.text?.trim() ? clean(e.text) : undefined;
    const words = labels.get(elementId);
    return words ? clean(words.join(' ')) : `unlabelled ${e.type}`;
  };
  const components = live.filter((e) => shapes.has(e.type)).map((e) => labelOf(e.id)!);
  const arrows = live
    .filter((e) => e.type === 'arrow' && (e.startBinding || e.endBinding))
    .map((e): DesignArrow => {
      const words = labels.get(e.id);
      return {
        from: (e.startBinding && labelOf(e.startBinding.elementId)) ?? 'nothing',
        to: (e.endBinding && labelOf(e.endBinding.elementId)) ?? 'nothing',
        ...(words ? { label: clean(words.join(' ')) } : {}),
      };
    });
  const notes = live.filter((e) => e.type === 'text' && !e.containerId && e.text?.trim()).map((e) => clean(e.text!));
  const text = capped([
    ['Components', components],
    ['Arrows', arrows.map((a) => `${a.from} -> ${a.to}${a.label ? ` (${a.label})` : ''}`)],
    ['Notes', notes],
  ]);
  return { components, arrows, notes, text };
}

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
