-- Turns of a call as the local agent observed them (the interviewer's lines, the candidate's
-- answers), counted as they happen: whether a call really took place, and so whether it is
-- refunded, is decided from these and the connection time, never from the browser's account.
ALTER TABLE voice_sessions
  ADD COLUMN agent_turns integer NOT NULL DEFAULT 0 CHECK (agent_turns >= 0),
  ADD COLUMN user_turns integer NOT NULL DEFAULT 0 CHECK (user_turns >= 0);
