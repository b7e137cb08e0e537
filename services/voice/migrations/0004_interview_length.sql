-- The interview's chosen length (the plan fills it); the call's limit stays 20 minutes.
ALTER TABLE voice_sessions ADD COLUMN minutes integer NOT NULL DEFAULT 20 CHECK (minutes IN (10, 20));
