-- Community designs open to a member once they submitted an attempt of the prompt (issue 36):
-- practice.design.submitted says so from now on; each member and prompt submitted before is
-- announced once here, through the outbox like any event.
INSERT INTO outbox (id, subject, envelope)
SELECT id, 'practice.design.submitted',
       jsonb_build_object('id', id, 'type', 'practice.design.submitted', 'occurred_at', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                          'version', 1, 'data', jsonb_build_object('user_id', user_id, 'prompt_slug', prompt_slug,
                          'submitted_at', to_char(submitted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
FROM (SELECT gen_random_uuid() AS id, user_id, prompt_slug, min(submitted_at) AS submitted_at
      FROM design_attempts WHERE submitted_at IS NOT NULL GROUP BY user_id, prompt_slug) submitted;
