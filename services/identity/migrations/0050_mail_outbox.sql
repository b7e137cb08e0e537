-- The mail outbox (issue 34 item 2): a mail is queued in the transaction of its cause, one row per
-- recipient, and sent after commit by identity's sender, which retries with backoff. The
-- idempotency key (the cause, e.g. an event's id, with the recipient and the kind of mail) makes a
-- retried transaction or a redelivered event queue nothing twice; a row is marked sent once sent,
-- and its text (a confirmation's link and code) is then dropped.
CREATE TABLE mail_outbox (
  id bigserial PRIMARY KEY,
  idempotency_key text NOT NULL UNIQUE,
  user_id uuid REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL,
  recipient text NOT NULL,
  subject text NOT NULL,
  body text,
  headers jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  -- When the sender may take it (again): a taken row is leased until then, so a sender that died
  -- holding it leaves it to the next one.
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  sent_at timestamptz,
  -- Given up after the last attempt: kept for the operator, never sent.
  failed_at timestamptz
);
CREATE INDEX mail_outbox_waiting ON mail_outbox (next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL;
CREATE INDEX mail_outbox_sent ON mail_outbox (sent_at) WHERE sent_at IS NOT NULL;
