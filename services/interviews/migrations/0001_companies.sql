CREATE TABLE companies (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  website_url text,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- Same name, trimmed and case-insensitive, is the same company.
CREATE UNIQUE INDEX companies_name_key ON companies (lower(btrim(name)));
