-- "Show my username" (issue 22): off by default, so every interview shared before stays anonymous.
-- author_name is the author's username as their profile had it when they shared with it shown;
-- it stays null while the choice is off, so nothing identifying is kept that nobody may see.
ALTER TABLE candidate_interviews
  ADD COLUMN show_username boolean NOT NULL DEFAULT false,
  ADD COLUMN author_name text,
  ADD CONSTRAINT candidate_interviews_author_shown CHECK (author_name IS NULL OR show_username);
