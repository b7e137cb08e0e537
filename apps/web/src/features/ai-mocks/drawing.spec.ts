import type { AgentPlan } from '@app/contracts';
import type { DesignScene } from '@/components/design-canvas/scene';
import { drawingUpdate } from './drawing';

/** A drawing as Excalidraw hands it over: style and position fields, a deleted box, a bound arrow. */
const scene = {
  elements: [
    { id: 'app', type: 'rectangle', x: 0, y: 0, strokeColor: '#000', isDeleted: false, boundElements: [{ id: 'app-label', type: 'text' }] },
    { id: 'app-label', type: 'text', text: 'App server', containerId: 'app', fontSize: 20, isDeleted: false },
    { id: 'db', type: 'rectangle', isDeleted: false },
    { id: 'db-label', type: 'text', text: 'URL database', containerId: 'db', isDeleted: false },
    { id: 'arrow', type: 'arrow', isDeleted: false, startBinding: { elementId: 'app', focus: 0, gap: 4 }, endBinding: { elementId: 'db', focus: 0, gap: 4 } },
    { id: 'gone', type: 'rectangle', isDeleted: true },
  ],
  files: {},
} as unknown as DesignScene;

describe('the drawing as the interviewer is told it', () => {
  it('gives the local interviewer the scene itself, with only the fields it reads and no deleted element', () => {
    const update = drawingUpdate(scene, undefined);
    expect('text' in update && JSON.parse(update.text)).toEqual({
      design_scene: {
        elements: [
          { id: 'app', type: 'rectangle' },
          { id: 'app-label', type: 'text', text: 'App server', containerId: 'app' },
          { id: 'db', type: 'rectangle' },
          { id: 'db-label', type: 'text', text: 'URL database', containerId: 'db' },
          { id: 'arrow', type: 'arrow', startBinding: { elementId: 'app' }, endBinding: { elementId: 'db' } },
        ],
      },
    });
  });

  it('tells an ElevenLabs agent the drawing in words with what it lacks for the design question, and says the same of a moved box', () => {
    const plan = { design_concepts: ['caching', 'scaling'] } as AgentPlan;
    const update = drawingUpdate(scene, plan);
    expect('text' in update && update.text).toContain('Arrows: App server -> URL database');
    expect('text' in update && update.text).toContain('Missing from it: no cache in front of URL database, a read-heavy store');
    const moved = { ...scene, elements: scene.elements.map((e) => (e.id === 'app' ? { ...e, x: 500 } : e)) } as DesignScene;
    expect(drawingUpdate(moved, plan)).toEqual(update);
  });
});
