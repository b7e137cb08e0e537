-- Issue 35 items 4 and 6: notifications to one user about one thing collapse, and say when a
-- moderator caused them.

-- How many events a row tells of; more than 1 once later ones collapsed into it.
ALTER TABLE notifications ADD COLUMN count integer NOT NULL DEFAULT 1;
-- The title of `count` of them, {count} standing for the number (collapsedNotificationTitles); null
-- for a kind that does not collapse.
ALTER TABLE notifications ADD COLUMN collapsed_title text;
ALTER TABLE notifications ADD COLUMN by_moderator boolean NOT NULL DEFAULT false;
-- At most one unread collapsing row per user, kind and link: the next event updates it (ON CONFLICT).
CREATE UNIQUE INDEX notifications_unread_collapsed ON notifications (user_id, kind, link) WHERE read_at IS NULL AND collapsed_title IS NOT NULL;
