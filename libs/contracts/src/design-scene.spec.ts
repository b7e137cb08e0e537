import fs from 'node:fs';
import path from 'node:path';
import { designGaps, designSceneUpdate } from './design-probes';
import { describeDesignScene, designSceneLimits, designSceneMessages, readDesignSceneFrame } from './design-scene';

/** A prepared scene as Excalidraw saves it (libs/contracts/fixtures/design-scenes). */
const fixture = (name: string) => JSON.parse(fs.readFileSync(path.join(__dirname, '../fixtures/design-scenes', `${name}.json`), 'utf8'));
const described = (name: string) => describeDesignScene(fixture(name));
const gapKinds = (name: string, concepts: string[]) => designGaps(described(name), concepts).map((g) => g.kind);

describe('a drawing read as text', () => {
  it('names the components by their labels, the arrows as "A -> B (label)" and the free text, without deleted elements', () => {
    const scene = described('url-shortener-with-cache');
    expect(scene.components).toEqual(['Client', 'Load balancer', 'App server 1', 'App server 2', 'Redis cache', 'URL DB (primary)', 'Read replica']);
    expect(scene.arrows).toContainEqual({ from: 'Client', to: 'Load balancer', label: 'GET /abc123' });
    expect(scene.arrows).toContainEqual({ from: 'Load balancer', to: 'App server 1' });
    expect(scene.text).toBe(
      [
        'Components: Client; Load balancer; App server 1; App server 2; Redis cache; URL DB (primary); Read replica',
        'Arrows: Client -> Load balancer (GET /abc123); Load balancer -> App server 1; Load balancer -> App server 2; App server 1 -> Redis cache (lookup); App server 2 -> Redis cache (lookup); Redis cache -> URL DB (primary) (on a miss); URL DB (primary) -> Read replica (async copy)',
        'Notes: Read heavy: 100 reads per write',
      ].join('\n'),
    );
    expect(scene.text).not.toContain('Kafka');
  });

  it('says where an arrow points at nothing and names an unlabelled shape by its kind', () => {
    const scene = describeDesignScene({
      elements: [
        { id: 'a', type: 'rectangle' },
        { id: 'b', type: 'ellipse' },
        { id: 'b-text', type: 'text', text: '  Worker\n pool ', containerId: 'b' },
        { id: 'arrow', type: 'arrow', startBinding: { elementId: 'a' }, endBinding: null },
        { id: 'line', type: 'freedraw' },
      ],
    });
    expect(scene.components).toEqual(['unlabelled rectangle', 'Worker pool']);
    expect(scene.arrows).toEqual([{ from: 'unlabelled rectangle', to: 'nothing' }]);
  });

  it('caps the text, counting what does not fit, and each label at 80 characters', () => {
    const elements = Array.from({ length: 400 }, (_, i) => [
      { id: `box-${i}`, type: 'rectangle' },
      { id: `label-${i}`, type: 'text', text: `Service number ${i} ${'x'.repeat(i === 0 ? 200 : 0)}`, containerId: `box-${i}` },
    ]).flat();
    const scene = describeDesignScene({ elements });
    expect(scene.text.length).toBeLessThanOrEqual(designSceneLimits.textMax);
    expect(scene.text).toMatch(/; and \d+ more$/);
    expect(scene.components[0]).toHaveLength(designSceneLimits.labelMax);
  });

  it('reads a scene frame, and refuses an oversized, malformed or wrongly shaped one with a message (ordinary context is not a frame)', () => {
    const frame = JSON.stringify({ design_scene: fixture('url-shortener-no-cache') });
    expect(readDesignSceneFrame(frame)).toMatchObject({ ok: true, scene: { components: ['Client', 'App server', 'URL database'] } });
    expect(readDesignSceneFrame('The candidate has finished their answer and is waiting for you.')).toBeUndefined();
    const refused = { ok: false, error: 'invalid_scene', message: designSceneMessages.invalid };
    expect(readDesignSceneFrame('{"design_scene": ')).toEqual(refused);
    expect(readDesignSceneFrame('{"design_scene": {"elements": [{"id": 1, "type": "rectangle"}]}}')).toEqual(refused);
    expect(readDesignSceneFrame('{"elements": []}')).toEqual(refused);
    const tooLarge = { ok: false, error: 'scene_too_large', message: designSceneMessages.tooLarge };
    expect(readDesignSceneFrame(JSON.stringify({ design_scene: { elements: [{ id: 'a', type: 'text', text: 'x'.repeat(300_000) }] } }))).toEqual(tooLarge);
    const many = Array.from({ length: designSceneLimits.elementsMax + 1 }, (_, i) => ({ id: String(i), type: 'line' }));
    expect(readDesignSceneFrame(JSON.stringify({ design_scene: { elements: many } }))).toEqual(tooLarge);
  });
});

describe('what the drawing is missing', () => {
  it('finds nothing missing in a URL shortener with a load balancer, a cache and a replica', () => {
    expect(gapKinds('url-shortener-with-cache', ['caching', 'scaling'])).toEqual([]);
  });

  it('asks for a cache in front of a read-heavy store and about its single database', () => {
    const gaps = designGaps(described('url-shortener-no-cache'), ['caching', 'scaling']);
    expect(gaps.map((g) => g.kind)).toEqual(['cache', 'replication']);
    expect(gaps[0].probe).toBe(
      'Every read in your drawing goes to URL database. With this many reads, where would a cache sit, and how would you keep it fresh?',
    );
    expect(gaps[1].missing).toBe('a single database (URL database) with no replication');
  });

  it('asks for no cache where the question is not read-heavy and the drawing does not say so', () => {
    expect(gapKinds('chat-single-database', ['consistency', 'scaling'])).toEqual(['replication']);
    expect(gapKinds('url-shortener-no-cache', ['consistency'])).toEqual(['replication']);
  });

  it('asks how requests reach several servers drawn with no load balancer', () => {
    const [gap] = designGaps(described('feed-no-load-balancer'), ['caching', 'scaling']);
    expect(gap).toEqual({
      kind: 'load balancer',
      concept: 'loadBalancing',
      missing: 'no load balancer in front of 2 servers (API server 1, API server 2)',
      probe: 'You drew 2 servers (API server 1, API server 2). How does a request reach one of them, and what happens when one fails?',
    });
  });

  it('asks for a queue where writes are bursty, putting the rules of the question’s concepts first', () => {
    expect(gapKinds('notifications-bursty-no-queue', ['failures', 'scaling'])).toEqual(['replication', 'queue']);
    expect(gapKinds('notifications-bursty-no-queue', ['messageQueue'])).toEqual(['queue', 'replication']);
  });

  it('asks nothing of an empty drawing, and tells an ElevenLabs agent the drawing and what is missing', () => {
    expect(designGaps(describeDesignScene({ elements: [] }), ['caching'])).toEqual([]);
    const scene = described('url-shortener-no-cache');
    const update = designSceneUpdate(scene, designGaps(scene, ['caching', 'scaling']));
    expect(update).toContain('Components: Client; App server; URL database');
    expect(update).toContain('Missing from it: no cache in front of URL database, a read-heavy store; a single database (URL database) with no replication.');
    expect(designSceneUpdate(describeDesignScene({ elements: [] }), [])).toBe('The candidate’s drawing is empty so far.');
  });
});
