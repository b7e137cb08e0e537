-- The relay tries a row the broker refused again later (next_attempt_at) and, after
-- EVENT_RELAY_MAX_ATTEMPTS refusals, parks it in outbox_parked so later events go on.
-- ordering_key: rows of one aggregate are published one after another (kit events/ordering.ts).
ALTER TABLE outbox ADD COLUMN IF NOT EXISTS next_attempt_at timestamptz;
ALTER TABLE outbox ADD COLUMN IF NOT EXISTS ordering_key text;
CREATE INDEX IF NOT EXISTS outbox_ordering_key_idx ON outbox (ordering_key, created_at, id) WHERE ordering_key IS NOT NULL;

-- Outbox rows the broker kept refusing: out of the relay's way until an operator sends them again
-- (`npm run admin -- events redrive <id|all>` moves them back into the outbox).
CREATE TABLE IF NOT EXISTS outbox_parked (
  id uuid PRIMARY KEY,
  subject text NOT NULL,
  envelope jsonb NOT NULL,
  headers jsonb NOT NULL DEFAULT '{}'::jsonb,
  ordering_key text,
  created_at timestamptz NOT NULL,
  attempts integer NOT NULL,
  last_error text,
  parked_at timestamptz NOT NULL DEFAULT now()
);

-- Events one of this service's consumers parked in the dead-letter stream, sent back by an operator
-- (`events redrive`): the consumer handles them from here, as it would a delivery, once.
CREATE TABLE IF NOT EXISTS redriven_events (
  consumer text NOT NULL,
  event_id uuid NOT NULL,
  envelope jsonb NOT NULL,
  headers jsonb NOT NULL DEFAULT '{}'::jsonb,
  redriven_at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz,
  last_error text,
  PRIMARY KEY (consumer, event_id)
);

-- processed_events older than the deduplication window are pruned in small batches by processed_at.
CREATE INDEX IF NOT EXISTS processed_events_processed_at_idx ON processed_events (processed_at);
