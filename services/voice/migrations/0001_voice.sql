-- One row per user who has a ledger: its existence means the starter credits were granted, and
-- locking it (SELECT … FOR UPDATE) serialises every debit of that user, so concurrent starts
-- cannot both spend the same credits.
CREATE TABLE credit_accounts (
  user_id uuid PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE voice_sessions (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL,
  provider text NOT NULL CHECK (provider IN ('local', 'elevenlabs')),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'connected', 'ended')),
  company text,
  level text,
  topics text[] NOT NULL DEFAULT '{}',
  conversation_id text,
  started_at timestamptz NOT NULL,
  connected_at timestamptz,
  ended_at timestamptz,
  duration_seconds integer CHECK (duration_seconds >= 0),
  end_reason text CHECK (end_reason IN ('user', 'agent', 'time_limit', 'never_connected', 'error')),
  transcript jsonb NOT NULL DEFAULT '[]',
  report jsonb,
  CHECK ((status = 'ended') = (ended_at IS NOT NULL))
);
CREATE INDEX voice_sessions_user ON voice_sessions (user_id, started_at DESC, id);
CREATE INDEX voice_sessions_open ON voice_sessions (status, started_at) WHERE status <> 'ended';

-- Every change of a balance is a row; the balance is their sum. A session is debited once and
-- refunded at most once (unique per session and kind), and each amount has its kind's sign.
CREATE TABLE credit_ledger (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES credit_accounts (user_id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('grant', 'debit', 'refund')),
  amount integer NOT NULL,
  session_id uuid REFERENCES voice_sessions (id) ON DELETE CASCADE,
  note text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((kind = 'debit') = (amount < 0)),
  CHECK (amount <> 0),
  CHECK (kind = 'grant' OR session_id IS NOT NULL)
);
CREATE UNIQUE INDEX credit_ledger_once_per_session ON credit_ledger (session_id, kind) WHERE session_id IS NOT NULL;
CREATE INDEX credit_ledger_user ON credit_ledger (user_id);
