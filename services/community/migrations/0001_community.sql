-- Opportunities shared by candidates; shown to others only once a moderator approves them.
CREATE TABLE pathfinder_opportunities (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- null once the author's account is deleted: the opportunity stays, without its author.
  user_id uuid,
  title text NOT NULL,
  description text NOT NULL,
  badge text CHECK (badge = 'Selective'),
  link text NOT NULL,
  -- The link with scheme, host case, trailing slash and tracking parameters normalised away:
  -- one opportunity per link, enforced here.
  link_key text NOT NULL,
  compensation integer CHECK (compensation >= 0),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  created_at timestamptz NOT NULL DEFAULT now(),
  reviewed_at timestamptz
);
CREATE UNIQUE INDEX pathfinder_opportunities_link_key ON pathfinder_opportunities (link_key);
CREATE INDEX pathfinder_opportunities_status ON pathfinder_opportunities (status, created_at DESC);
CREATE INDEX pathfinder_opportunities_user ON pathfinder_opportunities (user_id);

CREATE TABLE requested_features (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid,
  title text NOT NULL,
  description text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'open', 'planned', 'started', 'completed', 'declined')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX requested_features_user ON requested_features (user_id);

-- Upvotes and favourites of opportunities and feature requests. One of a kind per user and
-- entity, enforced by the unique constraint, so concurrent double clicks still count once.
CREATE TABLE interactions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL,
  entity_type text NOT NULL CHECK (entity_type IN ('opportunity', 'feature_request')),
  entity_id uuid NOT NULL,
  interaction_type text NOT NULL CHECK (interaction_type IN ('upvote', 'favorite')),
  reaction text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT interactions_one_per_user UNIQUE (user_id, entity_type, entity_id, interaction_type)
);
CREATE INDEX interactions_entity ON interactions (entity_type, entity_id, interaction_type);

CREATE TABLE contact_form_submissions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid,
  name text,
  email text,
  subject text NOT NULL CHECK (subject IN ('Feedback', 'Feature Request', 'Bug Report', 'General Inquiry')),
  message text NOT NULL,
  feature_request_id uuid REFERENCES requested_features (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX contact_form_submissions_created ON contact_form_submissions (created_at DESC);
CREATE INDEX contact_form_submissions_user ON contact_form_submissions (user_id);
