-- The weekly digest of unread Ask a SWE notifications (docs/ask-a-swe.md): a row per member and week
-- once its event is recorded, in the same transaction, so that replicas and reruns send one per week.
CREATE TABLE ask_digests (
  user_id uuid NOT NULL,
  -- The Monday (UTC) the week starts on.
  week date NOT NULL,
  total integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, week)
);
-- The job reads the week's unread notifications of every member.
CREATE INDEX notifications_unread_by_time ON notifications (created_at) WHERE read_at IS NULL;
