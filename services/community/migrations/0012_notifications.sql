-- The notifications bell (issue 23, item 4): each user's notifications, made from events.
CREATE TABLE notifications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL,
  kind text NOT NULL,
  title text NOT NULL,
  body text NOT NULL,
  -- A path inside the app.
  link text NOT NULL,
  -- The event it came from: JetStream may deliver an event again, and it must not notify twice.
  source_event_id uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  read_at timestamptz,
  UNIQUE (user_id, source_event_id)
);
-- The bell's list, newest first with keyset paging, and its unread count.
CREATE INDEX notifications_user_newest ON notifications (user_id, created_at DESC, id DESC);
CREATE INDEX notifications_user_unread ON notifications (user_id) WHERE read_at IS NULL;
