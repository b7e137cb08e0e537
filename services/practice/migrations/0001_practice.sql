CREATE TABLE error_types (
  id text PRIMARY KEY,
  name text NOT NULL,
  description text NOT NULL,
  score_impact numeric NOT NULL
);

INSERT INTO error_types (id, name, description, score_impact) VALUES
  ('time_limit_exceeded', 'Time Limit Exceeded', 'The solution was too slow for the largest inputs.', 20),
  ('memory_limit_exceeded', 'Memory Limit Exceeded', 'The solution used more memory than allowed.', 20),
  ('runtime_error', 'Runtime Error', 'The program crashed: an exception, overflow or bad index.', 30),
  ('compilation_error', 'Compilation Error', 'The code did not compile or parse.', 40),
  ('wrong_answer', 'Wrong Answer', 'The output was wrong for at least one test.', 50),
  ('edge_case_missed', 'Edge Case Missed', 'Empty, single-element, duplicate or boundary inputs were mishandled.', 30),
  ('incorrect_algorithm', 'Incorrect Algorithm', 'The approach itself could not solve the problem.', 60),
  ('incorrect_data_structure', 'Incorrect Data Structure', 'The chosen data structure did not fit the problem.', 50);

CREATE TABLE leetcode_questions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL,
  title text NOT NULL,
  difficulty text NOT NULL CHECK (difficulty IN ('Easy', 'Medium', 'Hard')),
  tags text,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX leetcode_questions_user_idx ON leetcode_questions (user_id, created_at DESC);

CREATE TABLE leetcode_sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL,
  question_id uuid NOT NULL REFERENCES leetcode_questions (id) ON DELETE CASCADE,
  correctness integer NOT NULL CHECK (correctness BETWEEN 0 AND 100),
  confidence integer NOT NULL CHECK (confidence BETWEEN 0 AND 100),
  timer integer NOT NULL CHECK (timer >= 0),
  notes text,
  errors text[] NOT NULL DEFAULT '{}',
  submissions integer CHECK (submissions BETWEEN 0 AND 10),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX leetcode_sessions_question_idx ON leetcode_sessions (question_id, created_at DESC);
CREATE INDEX leetcode_sessions_user_idx ON leetcode_sessions (user_id, created_at DESC);
