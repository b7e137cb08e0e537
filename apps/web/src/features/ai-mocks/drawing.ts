import { AgentPlan, describeDesignScene, designGaps, DesignSceneElements, designSceneLimits, designSceneUpdate } from '@app/contracts';
import type { DesignScene } from '@/components/design-canvas/scene';

/** What a call sends of the drawing: the context update's text, and what it says (sent again only when that changes). */
export type DrawingUpdate = { text: string; says: string } | { tooLarge: true };

/** The fields of each element the interviewer reads (designSceneSchema); deleted ones are left out. */
function slim(scene: DesignScene): DesignSceneElements {
  return {
    elements: scene.elements
      .filter((e) => !e.isDeleted)
      .map((e) => ({
        id: e.id,
        type: e.type,
        ...('text' in e ? { text: e.text } : {}),
        ...(e.type === 'text' && e.containerId ? { containerId: e.containerId } : {}),
        ...('startBinding' in e && e.startBinding ? { startBinding: { elementId: e.startBinding.elementId } } : {}),
        ...('endBinding' in e && e.endBinding ? { endBinding: { elementId: e.endBinding.elementId } } : {}),
      })),
  };
}

/**
 * The drawing as the interviewer is told it. The local interviewer takes the scene itself (it reads
 * and checks it on the server); an ElevenLabs agent, which only reads words, is told the drawing as
 * text and what it lacks for the plan's design question, by the same rules.
 */
export function drawingUpdate(scene: DesignScene, plan: AgentPlan | undefined): DrawingUpdate {
  const elements = slim(scene);
  if (elements.elements.length > designSceneLimits.elementsMax) return { tooLarge: true };
  const described = describeDesignScene(elements);
  if (plan) return { text: designSceneUpdate(described, designGaps(described, plan.design_concepts ?? [])), says: described.text };
  const text = JSON.stringify({ design_scene: elements });
  return text.length > designSceneLimits.frameCharsMax ? { tooLarge: true } : { text, says: described.text };
}
