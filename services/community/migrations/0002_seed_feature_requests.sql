-- The roadmap the sidebar already promises ("Soon"), open for votes from day one.
INSERT INTO requested_features (title, description, status) VALUES
  ('System Design practice', 'Practise system design interviews: prompts, a whiteboard and model answers to compare with.', 'planned'),
  ('Operating Systems track', 'Questions and explanations on processes, threads, memory and file systems for SRE and systems roles.', 'open'),
  ('Ask a SWE', 'Ask working software engineers about their teams, interviews and careers, and read their answers.', 'open'),
  ('Implement-a-thon', 'Build-a-project challenges with a deadline, reviewed by other candidates.', 'open');
