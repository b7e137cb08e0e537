-- The day of the candidate's next interview: Problem Review paces the due reviews up to it, on any device.
ALTER TABLE user_profiles ADD COLUMN interview_date date;
