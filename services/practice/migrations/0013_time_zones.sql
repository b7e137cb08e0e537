-- One time zone per candidate (issue 32): the days of the due queue, the analytics and the calendar
-- feed, and the local hour of the daily review e-mail. Without a row, days are UTC.
CREATE TABLE time_zones (
  user_id uuid PRIMARY KEY,
  time_zone text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp()
);

-- The calendar feed kept a zone of its own: it becomes its candidate's zone, which the feed and the
-- digest read from now on. The old column is left for the previous release's pods during a rolling
-- update (docs/deploy.md, expand then contract) but no longer required: new feeds leave it empty. A
-- later migration drops it once no pod of the previous release runs.
INSERT INTO time_zones (user_id, time_zone) SELECT user_id, time_zone FROM calendar_feeds;
ALTER TABLE calendar_feeds ALTER COLUMN time_zone DROP NOT NULL;
