-- A mail queued before its member turned its kind off, or before their address stopped being
-- confirmed (an e-mail change), is not sent: the sender checks at send time and marks it skipped
-- with the reason, for the operator (`npm run admin -- mail`).
ALTER TABLE mail_outbox ADD COLUMN skipped_at timestamptz, ADD COLUMN skip_reason text;
DROP INDEX mail_outbox_waiting;
CREATE INDEX mail_outbox_waiting ON mail_outbox (next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL AND skipped_at IS NULL;
