-- Issue 35 item 4: "Thunderprep Team (Moderator)" was a name anyone could give. Whether a comment's
-- author wrote as a moderator is now kept from their role, and the app shows a badge for it.
ALTER TABLE feature_request_comments ADD COLUMN by_moderator boolean NOT NULL DEFAULT false;
