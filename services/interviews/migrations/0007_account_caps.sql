-- Who added a company, so one account's additions to the shared list can be capped per day
-- (libs/contracts caps). Companies seeded or added before this have none. An erased account's
-- companies stay (everyone's interviews name them) without it.
ALTER TABLE companies ADD COLUMN created_by uuid;
CREATE INDEX companies_created_by ON companies (created_by, created_at) WHERE created_by IS NOT NULL;
-- The daily interview cap counts one account's last 24 hours.
CREATE INDEX candidate_interviews_user_created ON candidate_interviews (user_id, created_at);
DROP INDEX candidate_interviews_user;
