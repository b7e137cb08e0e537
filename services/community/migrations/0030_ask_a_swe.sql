-- Ask a SWE (issue 37): questions, answers, comments, votes, reputation, follows, flags and the
-- moderators' audit log. Rules and figures: docs/ask-a-swe.md.

-- Trigram similarity for "similar questions" while a title is typed. Trusted since Postgres 13 (a
-- schema owner may create it); in public, which every service's search_path ends with. Two schemas
-- migrating at once (parallel test files) may both try: the loser finds it made.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;
EXCEPTION WHEN unique_violation OR duplicate_object THEN NULL;
END
$$;

-- Companies as interviews announces them (interviews.company.created): a question names one.
CREATE TABLE ask_companies (
  id uuid PRIMARY KEY,
  name text NOT NULL
);

-- What community learns of a member from events: when they registered (identity.user.registered:
-- new accounts are limited) and whose Verified badge is for which company (profile.employment.changed).
CREATE TABLE ask_members (
  user_id uuid PRIMARY KEY,
  registered_at timestamptz,
  company_id uuid,
  verified boolean NOT NULL DEFAULT false
);
CREATE INDEX ask_members_verified_company ON ask_members (company_id) WHERE verified;

-- visible; pending: flagged by askFlagsToHide members, hidden until a moderator reviews it; removed by a moderator.
CREATE TABLE ask_questions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL,
  -- Nobody but the asker (and a moderator who opens it, audited) learns user_id.
  anonymous boolean NOT NULL DEFAULT false,
  author_name text NOT NULL,
  by_moderator boolean NOT NULL DEFAULT false,
  title text NOT NULL,
  body text NOT NULL,
  tags text[] NOT NULL,
  company_id uuid REFERENCES ask_companies (id),
  role text,
  level text,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
  duplicate_of uuid REFERENCES ask_questions (id) ON DELETE SET NULL,
  accepted_answer_id uuid,
  score integer NOT NULL DEFAULT 0,
  answer_count integer NOT NULL DEFAULT 0,
  moderation text NOT NULL DEFAULT 'visible' CHECK (moderation IN ('visible', 'pending', 'removed')),
  created_at timestamptz NOT NULL DEFAULT now(),
  edited_at timestamptz,
  -- Its last answer, comment or edit: the "active" sort.
  active_at timestamptz NOT NULL DEFAULT now(),
  -- Title above body in the ranking.
  search tsvector GENERATED ALWAYS AS (setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', body), 'B')) STORED
);
CREATE INDEX ask_questions_search ON ask_questions USING gin (search);
CREATE INDEX ask_questions_title_trigrams ON ask_questions USING gin (title gin_trgm_ops);
CREATE INDEX ask_questions_tags ON ask_questions USING gin (tags);
CREATE INDEX ask_questions_newest ON ask_questions (created_at DESC, id DESC);
CREATE INDEX ask_questions_active ON ask_questions (active_at DESC, id DESC);
CREATE INDEX ask_questions_top ON ask_questions (score DESC, created_at DESC, id DESC);
CREATE INDEX ask_questions_unanswered ON ask_questions (created_at DESC, id DESC) WHERE answer_count = 0;
CREATE INDEX ask_questions_company ON ask_questions (company_id, created_at DESC, id DESC);
CREATE INDEX ask_questions_user ON ask_questions (user_id);

CREATE TABLE ask_answers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  question_id uuid NOT NULL REFERENCES ask_questions (id) ON DELETE CASCADE,
  user_id uuid NOT NULL,
  author_name text NOT NULL,
  by_moderator boolean NOT NULL DEFAULT false,
  body text NOT NULL,
  score integer NOT NULL DEFAULT 0,
  moderation text NOT NULL DEFAULT 'visible' CHECK (moderation IN ('visible', 'pending', 'removed')),
  created_at timestamptz NOT NULL DEFAULT now(),
  edited_at timestamptz
);
CREATE INDEX ask_answers_question ON ask_answers (question_id, score DESC, created_at);
CREATE INDEX ask_answers_user ON ask_answers (user_id, created_at);
ALTER TABLE ask_questions ADD CONSTRAINT ask_questions_accepted FOREIGN KEY (accepted_answer_id) REFERENCES ask_answers (id) ON DELETE SET NULL;

-- On a question (answer_id null) or on one of its answers.
CREATE TABLE ask_comments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  question_id uuid NOT NULL REFERENCES ask_questions (id) ON DELETE CASCADE,
  answer_id uuid REFERENCES ask_answers (id) ON DELETE CASCADE,
  user_id uuid NOT NULL,
  author_name text NOT NULL,
  by_moderator boolean NOT NULL DEFAULT false,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  edited_at timestamptz
);
CREATE INDEX ask_comments_question ON ask_comments (question_id, created_at);
CREATE INDEX ask_comments_user ON ask_comments (user_id, created_at);

-- Earlier versions of a question (title, body, tags) or an answer (body), kept at each edit.
CREATE TABLE ask_revisions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  question_id uuid REFERENCES ask_questions (id) ON DELETE CASCADE,
  answer_id uuid REFERENCES ask_answers (id) ON DELETE CASCADE,
  title text,
  body text NOT NULL,
  tags text[],
  created_at timestamptz NOT NULL,
  CHECK (num_nonnulls(question_id, answer_id) = 1)
);
CREATE INDEX ask_revisions_question ON ask_revisions (question_id, created_at DESC) WHERE question_id IS NOT NULL;
CREATE INDEX ask_revisions_answer ON ask_revisions (answer_id, created_at DESC) WHERE answer_id IS NOT NULL;

-- One vote per member and post: +1 or -1.
CREATE TABLE ask_votes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL,
  question_id uuid REFERENCES ask_questions (id) ON DELETE CASCADE,
  answer_id uuid REFERENCES ask_answers (id) ON DELETE CASCADE,
  value smallint NOT NULL CHECK (value IN (-1, 1)),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (num_nonnulls(question_id, answer_id) = 1)
);
CREATE UNIQUE INDEX ask_votes_question ON ask_votes (question_id, user_id) WHERE question_id IS NOT NULL;
CREATE UNIQUE INDEX ask_votes_answer ON ask_votes (answer_id, user_id) WHERE answer_id IS NOT NULL;
CREATE INDEX ask_votes_user ON ask_votes (user_id);

-- Reputation, as the events that made it: a member's reputation is 1 plus the sum of their rows
-- (never below 1). Each row goes with what caused it: a vote taken back or a post deleted takes its
-- reputation with it. `amount` is what the daily cap let through when it was earned.
CREATE TABLE ask_reputation (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL,
  reason text NOT NULL CHECK (reason IN ('question_upvoted', 'answer_upvoted', 'downvoted', 'downvoting_answer', 'answer_accepted', 'accepting')),
  vote_id uuid REFERENCES ask_votes (id) ON DELETE CASCADE,
  accepted_answer_id uuid REFERENCES ask_answers (id) ON DELETE CASCADE,
  amount integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (num_nonnulls(vote_id, accepted_answer_id) = 1)
);
CREATE INDEX ask_reputation_user ON ask_reputation (user_id, created_at);
CREATE INDEX ask_reputation_vote ON ask_reputation (vote_id) WHERE vote_id IS NOT NULL;
CREATE INDEX ask_reputation_accepted ON ask_reputation (accepted_answer_id) WHERE accepted_answer_id IS NOT NULL;

CREATE TABLE ask_flags (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL,
  question_id uuid REFERENCES ask_questions (id) ON DELETE CASCADE,
  answer_id uuid REFERENCES ask_answers (id) ON DELETE CASCADE,
  reason text NOT NULL,
  note text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (num_nonnulls(question_id, answer_id) = 1)
);
CREATE UNIQUE INDEX ask_flags_question ON ask_flags (question_id, user_id) WHERE question_id IS NOT NULL;
CREATE UNIQUE INDEX ask_flags_answer ON ask_flags (answer_id, user_id) WHERE answer_id IS NOT NULL;
CREATE INDEX ask_flags_user ON ask_flags (user_id);

-- A member follows a question (its id), a tag (its name) or a company (its id).
CREATE TABLE ask_follows (
  user_id uuid NOT NULL,
  kind text NOT NULL CHECK (kind IN ('question', 'tag', 'company')),
  target text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, kind, target)
);
CREATE INDEX ask_follows_target ON ask_follows (kind, target);

-- Every moderator action on Ask a SWE, opening an anonymous asker's identity included.
CREATE TABLE ask_audit_log (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  moderator_id uuid NOT NULL,
  moderator_name text NOT NULL,
  action text NOT NULL CHECK (action IN ('identity_opened', 'closed_duplicate', 'reopened', 'restored', 'removed')),
  kind text NOT NULL CHECK (kind IN ('question', 'answer')),
  item_id uuid NOT NULL,
  reason text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ask_audit_log_newest ON ask_audit_log (created_at DESC, id DESC);
