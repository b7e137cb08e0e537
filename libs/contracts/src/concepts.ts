/**
 * What a good answer covers, and the words that show it was covered: one vocabulary for the voice
 * interviewer and System Design's review (issue 36). Patterns are matched on the answer's lower-cased
 * words (punctuation dropped), so they are written as a recogniser or a typist would render them:
 * "o of n", "hashmap", "hash table" and "dictionary" all say hash map.
 */
export interface Concept {
  /** As the report names it. */
  name: string;
  /** Regular-expression alternatives, matched on word boundaries. */
  says: string[];
  /** The interviewer's probe when the answer left it out; also the question a review card asks. */
  probe: string;
}

/** A system design concept also teaches: what its review card shows once the candidate has tried to recall it. */
export interface DesignConcept extends Concept {
  teaches: string;
}

const design = (name: string, says: string[], probe: string, teaches: string): DesignConcept => ({ name, says, probe, teaches });

/** The system design vocabulary: the voice interviewer's design questions and every System Design prompt draw on it. */
export const systemDesignConcepts = {
  requirements: design(
    'requirements',
    ['requirements?', 'use cases?', 'features?', 'clarify', 'scope', 'users? (can|want|need)', 'functional', 'how many users', 'scale of'],
    'Before the design, which requirements and what scale would you agree on?',
    'Agree on what users must be able to do, what is out of scope, and the qualities that matter (latency, availability, consistency) before drawing anything.',
  ),
  estimation: design(
    'estimation',
    [
      'estimat(e|es|ion)',
      'back of (the )?envelope',
      'qps',
      'requests? per second',
      'per day',
      'per second',
      'terabytes?',
      'petabytes?',
      'gigabytes?',
      'tb',
      'gb',
      'throughput',
      'read ?heavy',
      'write ?heavy',
    ],
    'Roughly how many requests per second and how much storage are we talking about?',
    'A minute of arithmetic (daily users × actions ÷ 86,400 s, bytes per record × records) tells which parts need caching, sharding or a queue.',
  ),
  api: design(
    'API',
    ['api', 'endpoints?', 'interface', 'rest', 'post', 'get request', 'rpc', 'request'],
    'What would the API look like?',
    'Name each call with its inputs and outputs (POST /urls {long_url} → {code}); it fixes the contract the rest of the design serves.',
  ),
  dataModel: design(
    'data model',
    ['data ?base', 'data model', 'schema', 'tables?', 'sql', 'no ?sql', 'key value', 'store(d)?', 'storage', 'columns?', 'rows?'],
    'How would you store the data, and what would the schema be?',
    'Choose the store by the access pattern: relational for transactions and joins, key-value or wide-column for simple lookups at huge scale; show the keys.',
  ),
  scaling: design(
    'scaling',
    ['scal(e|ing|able)', 'shard(s|ing)?', 'partition(s|ing)?', 'replica(s|tion)?', 'load balanc(er|ing)', 'horizontal', 'more servers', 'distributed'],
    'How would the design scale to ten times the traffic?',
    'Keep servers stateless behind a load balancer so more can be added; scale the data tier by replicas for reads and shards for writes.',
  ),
  caching: design(
    'caching',
    ['cach(e|es|ing)', 'cdn', 'redis', 'memcached', 'in memory'],
    'Where would a cache help, and how would you keep it fresh?',
    'A cache in front of a read-heavy store serves hot keys from memory; decide what invalidates an entry (TTL, write-through, delete on write).',
  ),
  consistency: design(
    'consistency',
    ['consisten(t|cy)', 'eventual(ly)?', 'stale', 'transactions?', 'race', 'idempoten(t|cy)', 'ordering', 'duplicates?'],
    'What consistency do users need, and what happens when two writes race?',
    'Say where strong consistency is required (money, inventory) and where eventual is fine (feeds, counters), and how races are resolved.',
  ),
  failures: design(
    'failure handling',
    ['fail(s|ure|ures|over)?', 'retr(y|ies)', 'timeouts?', '(goes|is|went) down', 'crash(es)?', 'backups?', 'redundan(t|cy)', 'monitor(ing)?'],
    'What happens when a server or the database fails?',
    'Every component fails: replicate state, retry with timeouts and backoff, fail over, and degrade gracefully instead of going down whole.',
  ),
  tradeOffs: design(
    'trade-offs',
    [
      'trade ?offs?',
      'downsides?',
      'drawbacks?',
      'on the other hand',
      'alternatively',
      'instead',
      'at the cost',
      'cost of',
      'pros and cons',
      'depends on',
      'versus',
      'vs',
    ],
    'What trade-offs does that choice make, compared with an alternative?',
    'Each choice gives something up: name the alternative you rejected and what it would have cost (latency against consistency, memory against speed).',
  ),
  loadBalancing: design(
    'load balancing',
    ['load balanc(er|ers|ing)', 'round robin', 'least connections', 'reverse proxy', 'l4', 'l7'],
    'How do requests get spread over the servers?',
    'A load balancer spreads requests over healthy servers (round robin, least connections) and takes failed ones out by health checks.',
  ),
  sharding: design(
    'sharding',
    ['shard(s|ed|ing)?', 'partition(s|ed|ing)?', 'partition key', 'shard key', 'split (the )?data'],
    'The data no longer fits one machine: how would you split it, and by which key?',
    'Split data by a key that spreads load evenly and keeps a request on one shard; beware hot keys and cross-shard queries.',
  ),
  replication: design(
    'replication',
    ['replica(s|tion|ted)?', 'read replicas?', 'leader', 'follower', 'primary', 'secondary', 'master', 'slave', 'quorum', 'copies'],
    'What if the one database holding this goes down, or cannot keep up with reads?',
    'Copies on other machines give availability and read capacity; synchronous copies cost write latency, asynchronous ones can lose the last writes.',
  ),
  consistentHashing: design(
    'consistent hashing',
    ['consistent hash(ing)?', 'hash ring', 'virtual nodes?', 'vnodes?'],
    'When you add a server, how many keys have to move?',
    'Placing servers and keys on a hash ring moves only about 1/n of the keys when a server joins or leaves; virtual nodes even out the load.',
  ),
  messageQueue: design(
    'message queue',
    ['queues?', 'kafka', 'rabbit ?mq', 'sqs', 'pub ?sub', 'message (broker|bus)', 'event (bus|stream)', 'asynchronous(ly)?', 'async', 'workers?', 'consumers?'],
    'Does all of this need to happen while the user waits?',
    'A queue between producer and workers absorbs bursts, lets slow work happen asynchronously and retries failures without losing them.',
  ),
  cdn: design(
    'CDN',
    ['cdn', 'content delivery', 'edge (servers?|locations?|caches?)', 'points? of presence', 'static (files|assets|content)'],
    'Where should static content be served from for users far from your data centre?',
    'A CDN keeps copies of static and popular content at edges near users: lower latency and far less load on the origin.',
  ),
  rateLimiting: design(
    'rate limiting',
    ['rate limit(s|er|ing)?', 'throttl(e|ing)', 'token bucket', 'leaky bucket', 'sliding window', 'fixed window', 'quotas?'],
    'How do you stop one client from overwhelming the service?',
    'Count each client’s requests in a window (token bucket, sliding window) in a shared store and answer 429 past the limit.',
  ),
  indexing: design(
    'indexing',
    ['index(es|ed|ing)?', 'indices', 'b ?tree', 'secondary index', 'lookup by'],
    'How would the database find these rows quickly?',
    'An index on the columns a query filters and sorts by turns a scan into a lookup; each index costs write time and space.',
  ),
  idempotency: design(
    'idempotency',
    ['idempoten(t|cy)', 'idempotency keys?', 'exactly once', 'at least once', 'dedup(e|licate|lication)?', 'retr(y|ies) safely'],
    'If the client retries after a timeout, could the action happen twice?',
    'An idempotency key stored with the result makes a retried request return the first outcome instead of repeating a charge or a send.',
  ),
  fanOut: design(
    'fan-out',
    ['fan ?out', 'on write', 'on read', 'push model', 'pull model', 'precomput(e|ed)', 'timelines?', 'celebrit(y|ies)'],
    'When someone with millions of followers posts, who does the work?',
    'Fan-out on write precomputes each reader’s feed (fast reads, costly for celebrities); on read merges at request time; most feeds mix both.',
  ),
  realtime: design(
    'real-time delivery',
    ['web ?sockets?', 'long poll(ing)?', 'server sent events', 'sse', 'persistent connections?', 'push notifications?', 'real ?time'],
    'How does the client learn about something new without asking again and again?',
    'Persistent connections (WebSockets, server-sent events) push updates; a connection registry says which server holds each user.',
  ),
  geospatial: design(
    'geospatial index',
    ['geo ?hash(es|ing)?', 'quad ?trees?', 's2', 'h3', 'geospatial', 'latitude', 'longitude', 'nearby', 'grid cells?', 'location index'],
    'How would you find everything within two kilometres of a point quickly?',
    'Geohashes, quadtrees or S2/H3 cells turn "near this point" into a lookup of a few cells instead of a scan of every location.',
  ),
  searchIndex: design(
    'search index',
    ['search index(es)?', 'inverted index', 'tries?', 'prefix tree', 'elastic ?search', 'full text', 'tokeni[sz](e|er|ation)', 'prefix(es)?', 'top k'],
    'How would you find matches by words or by prefix without scanning everything?',
    'An inverted index maps each term to the documents holding it; a trie with top results stored per prefix answers autocomplete in one walk.',
  ),
  objectStorage: design(
    'object storage',
    ['object (storage|store)', 'blob(s| storage| store)?', 's3', 'chunks?', 'chunking', 'multipart', 'pre ?signed'],
    'Where do the large files themselves live, apart from their metadata?',
    'Large binary content goes to object storage (split in chunks, uploaded directly with pre-signed URLs); the database keeps only metadata.',
  ),
  monitoring: design(
    'monitoring',
    ['monitor(s|ing)?', 'metrics?', 'alert(s|ing)?', 'dashboards?', 'observability', 'tracing', 'logs?', 'slos?', 'percentiles?', 'p99'],
    'How would you know the system is healthy, and be told when it is not?',
    'Measure latency percentiles, error rates and saturation per component, alert on SLOs, and trace a request across services.',
  ),
  idGeneration: design(
    'unique IDs',
    ['unique ids?', 'id generat(or|ion)', 'snowflake', 'uuids?', 'auto ?increment', 'base ?62', 'counters?', 'sequence'],
    'How would you generate unique identifiers across many servers?',
    'Give each server its own range or embed time and machine id (Snowflake) so IDs are unique without a central bottleneck; base62 keeps them short.',
  ),
  streamProcessing: design(
    'stream processing',
    ['stream(s|ing)? processing', 'flink', 'spark', 'windows?', 'aggregat(e|es|ion|ions)', 'roll ?ups?', 'batch(es|ing)?', 'map ?reduce'],
    'How would you aggregate millions of events into the numbers people look at?',
    'Aggregate events in time windows as they stream in (or in periodic batches), store the roll-ups, and query those instead of raw events.',
  ),
} satisfies Record<string, DesignConcept>;

export type SystemDesignConceptKey = keyof typeof systemDesignConcepts;
export const systemDesignConceptKeys = Object.keys(systemDesignConcepts) as SystemDesignConceptKey[];

/** Lower-case words only: what a recogniser gives and what a typist writes then read alike. */
export function normaliseAnswer(text: string): string {
  return ` ${text
    .toLowerCase()
    .replace(/[’']/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()} `;
}

/**
 * The matcher of a vocabulary: which of `keys` a text covers, in the order given. The voice
 * interviewer judges a spoken answer with it, System Design a candidate's notes and drawing labels.
 */
export function conceptMatcher<K extends string>(vocabulary: Record<K, Concept>): (keys: readonly K[], text: string) => { covered: K[]; missed: K[] } {
  const patterns = new Map<K, RegExp>();
  const patternOf = (key: K) => {
    let pattern = patterns.get(key);
    if (!pattern) patterns.set(key, (pattern = new RegExp(`\\b(?:${vocabulary[key].says.join('|')})\\b`)));
    return pattern;
  };
  return (keys, text) => {
    const words = normaliseAnswer(text);
    const covered = keys.filter((key) => patternOf(key).test(words));
    return { covered, missed: keys.filter((key) => !covered.includes(key)) };
  };
}

export const systemDesignCoverage = conceptMatcher(systemDesignConcepts);
