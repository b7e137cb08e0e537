-- Issue 23 items 3 and 5: moderation a moderator can work in, and resources members share.

-- A rejection or take-down says why; the submitter reads it on their own item.
ALTER TABLE pathfinder_opportunities DROP CONSTRAINT pathfinder_opportunities_status_check;
ALTER TABLE pathfinder_opportunities
  ADD CONSTRAINT pathfinder_opportunities_status_check CHECK (status IN ('pending', 'approved', 'rejected', 'taken_down')),
  ADD COLUMN review_reason text;

-- Resources: the five built-in ones (spec section 2) become rows, so members can upvote and
-- favourite them like opportunities, and add their own, listed once a moderator approves them.
CREATE TABLE external_resources (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- null for the built-in ones, and once the sharer's account is deleted.
  user_id uuid,
  title text NOT NULL,
  description text NOT NULL,
  author text NOT NULL,
  url text NOT NULL,
  -- As pathfinder_opportunities.link_key: one resource per link.
  link_key text NOT NULL,
  image_url text,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected', 'taken_down')),
  review_reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  reviewed_at timestamptz
);
CREATE UNIQUE INDEX external_resources_link_key ON external_resources (link_key);
CREATE INDEX external_resources_status ON external_resources (status, created_at DESC);
CREATE INDEX external_resources_user ON external_resources (user_id);

INSERT INTO external_resources (title, description, author, url, link_key, status, created_at, reviewed_at) VALUES
  ('LeetCode', 'The online platform with thousands of coding problems, contests and company-tagged questions to practise for technical interviews.',
   'LeetCode', 'https://leetcode.com', 'leetcode.com', 'approved', '2025-01-06T00:00:00Z', '2025-01-06T00:00:00Z'),
  ('NeetCode 150', 'A curated list of 150 problems grouped by pattern, each with a video explanation, to cover the common interview topics.',
   'NeetCode', 'https://neetcode.io/practice', 'neetcode.io/practice', 'approved', '2025-01-13T00:00:00Z', '2025-01-13T00:00:00Z'),
  ('Final Round AI', 'Mock interviews with an AI interviewer that asks follow-up questions and gives feedback on your answers.',
   'Final Round AI', 'https://www.finalroundai.com', 'www.finalroundai.com', 'approved', '2025-02-03T00:00:00Z', '2025-02-03T00:00:00Z'),
  ('Grokking the Coding Interview', 'An interactive course that teaches the recurring patterns behind coding interview questions, with exercises in the browser.',
   'Educative', 'https://www.educative.io/courses/grokking-coding-interview', 'www.educative.io/courses/grokking-coding-interview', 'approved',
   '2025-02-17T00:00:00Z', '2025-02-17T00:00:00Z'),
  ('Cracking the Coding Interview', 'The classic book: 189 programming questions and solutions, and how interviews at large technology companies work.',
   'Gayle Laakmann McDowell', 'https://www.crackingthecodinginterview.com', 'www.crackingthecodinginterview.com', 'approved',
   '2025-03-03T00:00:00Z', '2025-03-03T00:00:00Z');

ALTER TABLE interactions DROP CONSTRAINT interactions_entity_type_check;
ALTER TABLE interactions ADD CONSTRAINT interactions_entity_type_check CHECK (entity_type IN ('opportunity', 'feature_request', 'resource'));

-- Who did what to which item, when and why; read by moderators on the moderation page.
CREATE TABLE moderation_actions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  moderator_id uuid NOT NULL,
  -- As the moderator's token named them at the time (community keeps no user directory).
  moderator_name text NOT NULL,
  action text NOT NULL CHECK (action IN ('approved', 'rejected', 'taken_down')),
  kind text NOT NULL CHECK (kind IN ('opportunity', 'resource')),
  item_id uuid NOT NULL,
  item_title text NOT NULL,
  -- The moderator changed the title or description before approving.
  edited boolean NOT NULL DEFAULT false,
  reason text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX moderation_actions_created ON moderation_actions (created_at DESC, id DESC);
