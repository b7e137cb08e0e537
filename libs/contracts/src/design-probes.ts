import { normaliseAnswer, SystemDesignConceptKey, systemDesignCoverage } from './concepts';
import type { DesignSceneDescription } from './design-scene-text';

/** What a drawing can be missing that an interviewer asks about (issue 36 item 4). */
export type DesignGapKind = 'cache' | 'replication' | 'load balancer' | 'queue';

export interface DesignGap {
  kind: DesignGapKind;
  /** The vocabulary's concept it is about: a candidate who has said it is not asked again. */
  concept: SystemDesignConceptKey;
  /** What is missing, as the interviewer is told it: "no cache in front of URL DB". */
  missing: string;
  /** The follow-up that asks about it, naming the candidate's own component. */
  probe: string;
}

const store = /\b(db|dbs|database|databases|data ?store|store|storage|postgres(ql)?|mysql|sql|no ?sql|dynamo ?db|cassandra|mongo ?db|tables?)\b/;
const server = /\b(servers?|services?|api|apis|backend|app|apps|application|workers?|hosts?|instances?|nodes?)\b/;
/** A label saying it stands for several: "API servers", "App server x3", "Chat servers (3)". */
const several = /\b(servers|services|workers|instances|nodes|hosts)\b|\b[x×] ?\d+\b|\(\d+\)/;
const loadBalancerWords = /\b(lb|alb|elb|nlb|nginx|haproxy|envoy|api gateway)\b/;
const readHeavy = /\b(read ?heavy|reads? per write|hot (keys?|urls?|items?)|mostly reads?|many reads)\b/;
const bursty = /\b(burst(s|y)?|spikes?|spiky|peaks?|write ?heavy|ingest(ion)?|flash sales?)\b/;

const matches = (pattern: RegExp, text: string) => pattern.test(normaliseAnswer(text));
const covers = (key: Parameters<typeof systemDesignCoverage>[0][number], text: string) => systemDesignCoverage([key], text).covered.length > 0;

/** Each rule, in the order the interviewer asks; `related` are the concepts that put it first for a question. */
const rules: Array<{
  kind: DesignGapKind;
  concept: SystemDesignConceptKey;
  related: string[];
  gap(scene: DesignSceneDescription, concepts: ReadonlySet<string>): Pick<DesignGap, 'missing' | 'probe'> | undefined;
}> = [
  {
    kind: 'cache',
    concept: 'caching',
    related: ['caching', 'cdn'],
    gap(scene, concepts) {
      const stores = scene.components.filter((c) => matches(store, c) && !covers('caching', c));
      const heavy = concepts.has('caching') || concepts.has('cdn') || matches(readHeavy, scene.text);
      if (!heavy || stores.length === 0 || covers('caching', scene.text)) return undefined;
      return {
        missing: `no cache in front of ${stores[0]}, a read-heavy store`,
        probe: `Every read in your drawing goes to ${stores[0]}. With this many reads, where would a cache sit, and how would you keep it fresh?`,
      };
    },
  },
  {
    kind: 'replication',
    concept: 'replication',
    related: ['replication', 'failures', 'scaling', 'consistency'],
    gap(scene) {
      const stores = scene.components.filter((c) => matches(store, c) && !covers('caching', c));
      if (stores.length !== 1 || covers('replication', scene.text)) return undefined;
      return {
        missing: `a single database (${stores[0]}) with no replication`,
        probe: `${stores[0]} is the only database in your drawing. What happens when it goes down, or cannot keep up with the reads?`,
      };
    },
  },
  {
    kind: 'load balancer',
    concept: 'loadBalancing',
    related: ['loadBalancing', 'scaling', 'failures'],
    gap(scene) {
      const servers = scene.components.filter((c) => matches(server, c) && !matches(store, c));
      // Copies of one server ("API server 1", "API server 2"), not different services, need something to spread requests over them.
      const kinds = new Map<string, string[]>();
      for (const s of servers) {
        const kind = normaliseAnswer(s)
          .replace(/\b\d+\b/g, '')
          .trim();
        kinds.set(kind, [...(kinds.get(kind) ?? []), s]);
      }
      const copies = [...kinds.values()].find((group) => group.length >= 2);
      const one = servers.find((s) => matches(several, s));
      if ((!copies && !one) || covers('loadBalancing', scene.text) || matches(loadBalancerWords, scene.text)) return undefined;
      const name = copies ? `${copies.length} servers (${copies.slice(0, 3).join(', ')})` : one!;
      return {
        missing: `no load balancer in front of ${name}`,
        probe: `You drew ${name}. How does a request reach one of them, and what happens when one fails?`,
      };
    },
  },
  {
    kind: 'queue',
    concept: 'messageQueue',
    related: ['messageQueue', 'streamProcessing'],
    gap(scene, concepts) {
      const burstyWrites = concepts.has('messageQueue') || matches(bursty, scene.text);
      const target = scene.components.find((c) => matches(store, c)) ?? scene.components.find((c) => matches(server, c));
      if (!burstyWrites || !target || covers('messageQueue', scene.text)) return undefined;
      return {
        missing: `no queue to absorb bursts of writes before ${target}`,
        probe: `Writes come in bursts here, and in your drawing they go straight to ${target}. What absorbs a spike, and does all of it need to happen while the user waits?`,
      };
    },
  },
];

/**
 * What the drawing is missing for the question, by deterministic rules: a read-heavy store with no
 * cache in front, a single database with no replication, several servers with no load balancer,
 * bursty writes with no queue. Concepts are the question's (the shared vocabulary's keys); what
 * counts as present is what the shared matcher finds in the drawing's text. The rules related to
 * the question's concepts come first.
 */
export function designGaps(scene: DesignSceneDescription, questionConcepts: readonly string[]): DesignGap[] {
  if (scene.components.length === 0) return [];
  const concepts = new Set(questionConcepts);
  const ordered = [...rules].sort((a, b) => Number(b.related.some((c) => concepts.has(c))) - Number(a.related.some((c) => concepts.has(c))));
  return ordered.flatMap((rule) => {
    const gap = rule.gap(scene, concepts);
    return gap ? [{ kind: rule.kind, concept: rule.concept, ...gap }] : [];
  });
}

/** What an ElevenLabs agent is told as a contextual_update: the drawing as text and what it is missing. */
export function designSceneUpdate(scene: DesignSceneDescription, gaps: readonly DesignGap[]): string {
  if (scene.components.length === 0 && scene.notes.length === 0) return 'The candidate’s drawing is empty so far.';
  const missing = gaps.length
    ? `\nMissing from it: ${gaps.map((g) => g.missing).join('; ')}. When the candidate pauses, probe one of these with a question; do not give the answer.`
    : '\nNothing obvious is missing from it: probe the trade-offs of what is there.';
  return `The candidate’s drawing now shows:\n${scene.text}${missing}`;
}
