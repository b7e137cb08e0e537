-- Issue 32, one topic vocabulary: an interview's problem topics are now the catalogue's tags
-- (LeetCode's names, contracts' topicTags), so "Practise these topics" finds Problem Review's
-- problems. The form still shows the spec's words (contracts' problemTopicLabels). Here the eleven
-- stored names that differ from their tag are rewritten, in the reports and in their companies'
-- insight counters, by one statement.
--
-- Idempotent: only reports still holding an old name change, and only counters still keyed by one.
-- An old replica may write an old name while a rolling deploy is under way; running this file again
-- afterwards (in the service's schema) rewrites those too.
WITH renames (old, new) AS (
  VALUES
    ('Arrays', 'Array'),
    ('Strings', 'String'),
    ('Hash Tables', 'Hash Table'),
    ('Linked Lists', 'Linked List'),
    ('Stacks', 'Stack'),
    ('Queues', 'Queue'),
    ('Trees', 'Tree'),
    ('Graphs', 'Graph'),
    ('Heaps', 'Heap (Priority Queue)'),
    ('DFS', 'Depth-First Search'),
    ('BFS', 'Breadth-First Search')
),
-- Each old name in its place, the author's order kept. No report holds an old name and its new one
-- (the API took only the old list, and takes only the new), so no topic comes out twice and each
-- counter below moves whole.
reports AS (
  UPDATE candidate_interviews i
  SET topics = ARRAY(
    SELECT coalesce(r.new, t.topic)
    FROM unnest(i.topics) WITH ORDINALITY AS t (topic, pos)
    LEFT JOIN renames r ON r.old = t.topic
    ORDER BY t.pos)
  WHERE i.topics && ARRAY(SELECT old FROM renames)
),
moved AS (
  DELETE FROM company_insight_counts c
  USING renames r
  WHERE c.kind = 'topic' AND c.key = r.old
  RETURNING c.company_id, r.new AS key, c.n
)
-- Added to a counter of the new name if one exists (a second run), in the service's lock order.
INSERT INTO company_insight_counts (company_id, kind, key, n)
SELECT company_id, 'topic', key, n FROM moved ORDER BY company_id, key
ON CONFLICT (company_id, kind, key) DO UPDATE SET n = company_insight_counts.n + EXCLUDED.n;
