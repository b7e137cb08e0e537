-- Authors of reports shared before 0014 were never seen by known_accounts, so none of their offers
-- could count. Each is first seen at its earliest report. Confirmation is not known from here: it
-- comes with the author's next write that a confirmed token makes (a report, an outcome change, a
-- comment). The sample data's author is seen too, and never confirmed.
INSERT INTO known_accounts (user_id, registered_at)
SELECT user_id, min(created_at) FROM candidate_interviews GROUP BY user_id
ON CONFLICT (user_id) DO UPDATE SET registered_at = least(known_accounts.registered_at, EXCLUDED.registered_at);
