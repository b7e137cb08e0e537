-- Who is e-mailed when a moderator changes a request's status (issue 22 item 7).
CREATE TABLE feature_request_subscriptions (
  user_id uuid NOT NULL,
  feature_request_id uuid NOT NULL REFERENCES requested_features (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (feature_request_id, user_id)
);
CREATE INDEX feature_request_subscriptions_user ON feature_request_subscriptions (user_id);
