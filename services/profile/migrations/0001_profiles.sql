CREATE TABLE user_profiles (
  id uuid PRIMARY KEY,
  username text NOT NULL,
  current_company_id uuid,
  verified_company boolean NOT NULL DEFAULT false,
  years_of_experience integer CHECK (years_of_experience BETWEEN 0 AND 40),
  number_of_internships integer CHECK (number_of_internships BETWEEN 0 AND 10),
  location text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX user_profiles_username_key ON user_profiles (lower(username));

-- Read model of interviews' companies, fed by interviews.company.created.
CREATE TABLE companies (
  id uuid PRIMARY KEY,
  name text NOT NULL,
  website_url text,
  updated_at timestamptz NOT NULL DEFAULT now()
);
