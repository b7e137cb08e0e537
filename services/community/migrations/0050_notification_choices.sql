-- Bell choices per kind (issue 34 item 3): a row once the member turned a kind off or on again;
-- every kind is on until then. E-mail choices are identity's (docs/notifications.md).
CREATE TABLE notification_choices (
  user_id uuid NOT NULL,
  kind text NOT NULL,
  enabled boolean NOT NULL,
  chosen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, kind)
);
