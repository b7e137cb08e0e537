-- E-mail choices per kind (issue 34 item 3): a row once the member chose, the kind's default
-- (emailNotificationText in the contracts) until then.
CREATE TABLE email_notification_choices (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL,
  enabled boolean NOT NULL,
  chosen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, kind)
);

-- Keys sealing the tokens of mails' unsubscribe addresses: the newest seals, every row opens, and
-- `npm run admin -- mail-keys rotate` adds a key and drops all but the two newest.
CREATE TABLE mail_token_keys (
  id smallint PRIMARY KEY CHECK (id BETWEEN 0 AND 255),
  key bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
