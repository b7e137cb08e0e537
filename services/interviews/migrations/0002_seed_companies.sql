-- Well-known technology companies (the carousel shows the first five). Each is announced like a
-- company created through the API, through the outbox, so every read model learns of it.
WITH seed(name, website_url) AS (
  VALUES
    ('Google', 'https://www.google.com'),
    ('Meta', 'https://www.meta.com'),
    ('Amazon', 'https://www.amazon.com'),
    ('Apple', 'https://www.apple.com'),
    ('Microsoft', 'https://www.microsoft.com'),
    ('Netflix', 'https://www.netflix.com'),
    ('Stripe', 'https://stripe.com'),
    ('Airbnb', 'https://www.airbnb.com'),
    ('Uber', 'https://www.uber.com'),
    ('LinkedIn', 'https://www.linkedin.com'),
    ('Salesforce', 'https://www.salesforce.com'),
    ('Nvidia', 'https://www.nvidia.com'),
    ('Databricks', 'https://www.databricks.com'),
    ('Shopify', 'https://www.shopify.com'),
    ('Atlassian', 'https://www.atlassian.com'),
    ('Bloomberg', 'https://www.bloomberg.com'),
    ('Jane Street', 'https://www.janestreet.com'),
    ('Citadel', 'https://www.citadel.com'),
    ('Spotify', 'https://www.spotify.com'),
    ('Snowflake', 'https://www.snowflake.com'),
    ('Coinbase', 'https://www.coinbase.com'),
    ('Datadog', 'https://www.datadoghq.com'),
    ('Cloudflare', 'https://www.cloudflare.com'),
    ('OpenAI', 'https://openai.com'),
    ('Palantir', 'https://www.palantir.com')
),
inserted AS (
  INSERT INTO companies (name, website_url)
  SELECT name, website_url FROM seed
  ON CONFLICT DO NOTHING
  RETURNING id, name, website_url
)
INSERT INTO outbox (id, subject, envelope)
SELECT event_id, 'interviews.company.created',
       jsonb_build_object(
         'id', event_id,
         'type', 'interviews.company.created',
         'occurred_at', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
         'version', 1,
         'data', jsonb_build_object('id', id, 'name', name, 'website_url', website_url))
FROM (SELECT gen_random_uuid() AS event_id, * FROM inserted) AS announced;
