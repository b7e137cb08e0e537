import { formatCount } from './caps';
import type { DesignSceneElements } from './design-scene';

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
