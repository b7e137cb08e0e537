-- ElevenLabs calls are settled from ElevenLabs' own record (issue 24, item 8), never from the page.
--
-- One conversation is one interview: ids the page once named at the end could repeat, so older
-- duplicates keep the id on their first interview only (the money of those was decided long ago).
UPDATE voice_sessions s SET conversation_id = NULL
WHERE s.conversation_id IS NOT NULL AND EXISTS (
  SELECT 1 FROM voice_sessions o
  WHERE o.conversation_id = s.conversation_id AND (o.started_at, o.id) < (s.started_at, s.id));
CREATE UNIQUE INDEX voice_sessions_conversation ON voice_sessions (conversation_id) WHERE conversation_id IS NOT NULL;

-- evaluation: ElevenLabs' analysis (evaluation criteria and data collection results).
-- settled_at: when the duration, transcript and charge were taken from ElevenLabs' final record
--   (or decided without one); until then the poller reads the record again.
-- next_poll_at / poll_attempts: the poller's backoff. claimed_until: the replica reading it now
--   holds it until then (UPDATE … WHERE claimed_until passed), so one replica acts on a session.
ALTER TABLE voice_sessions
  ADD COLUMN evaluation jsonb,
  ADD COLUMN settled_at timestamptz,
  ADD COLUMN next_poll_at timestamptz,
  ADD COLUMN poll_attempts integer NOT NULL DEFAULT 0 CHECK (poll_attempts >= 0),
  ADD COLUMN claimed_until timestamptz;
-- Everything before this was settled when it ended.
UPDATE voice_sessions SET settled_at = ended_at WHERE status = 'ended';
CREATE INDEX voice_sessions_unsettled ON voice_sessions (next_poll_at)
  WHERE provider = 'elevenlabs' AND settled_at IS NULL AND conversation_id IS NOT NULL;

-- Each verified post-call delivery's signature, taken once: a replay within the 30 minutes a
-- signature is valid is refused. Rows older than that can go (the signature has expired anyway).
CREATE TABLE elevenlabs_webhook_deliveries (
  signature text PRIMARY KEY,
  received_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX elevenlabs_webhook_deliveries_age ON elevenlabs_webhook_deliveries (received_at);
