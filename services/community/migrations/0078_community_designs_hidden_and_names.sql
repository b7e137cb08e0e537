-- Community designs of a prompt stay hidden from a member until they have submitted an attempt of it
-- (issue 36, the spec's hidden solutions): practice.design.submitted says who submitted which prompt.
CREATE TABLE community_design_submitters (
  user_id uuid NOT NULL,
  prompt_slug text NOT NULL,
  submitted_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, prompt_slug)
);

-- A design's shown author is named from community's own copy of members, not from the event (events
-- carry no names): the name their token gave on their last call to community designs.
ALTER TABLE ask_members ADD COLUMN display_name text;
ALTER TABLE community_designs ADD COLUMN show_username boolean NOT NULL DEFAULT false;
UPDATE community_designs SET show_username = author_name IS NOT NULL;
-- The author's name as known from an event before this change: the member copy's name comes first.
ALTER TABLE community_designs RENAME COLUMN author_name TO legacy_author_name;
