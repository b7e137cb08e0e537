-- A call whose socket dropped (not ended by the candidate, the goodbye or the limit) can be resumed
-- until resumable_until (VOICE_RESUME_WINDOW_MS after interrupted_at, the drop); resume_state is
-- where the interview stood, so any replica resumes it. Each resume URL handed out takes the next
-- resume_count, and only the URL of that number can claim the interrupted call, once.
ALTER TABLE voice_sessions
  ADD COLUMN interrupted_at timestamptz,
  ADD COLUMN resumable_until timestamptz,
  ADD COLUMN resume_state jsonb,
  ADD COLUMN resume_count integer NOT NULL DEFAULT 0 CHECK (resume_count >= 0),
  ADD CHECK ((interrupted_at IS NULL) = (resumable_until IS NULL));
CREATE INDEX voice_sessions_resumable ON voice_sessions (resumable_until) WHERE resumable_until IS NOT NULL AND status = 'connected';
