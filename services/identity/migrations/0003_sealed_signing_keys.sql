-- Private signing keys are kept sealed (AES-256-GCM with SIGNING_KEY_ENCRYPTION_KEY, keys/key-encryption.ts).
-- SQL cannot seal them without the key: identity seals a plaintext key left from before at its next
-- start and clears private_jwk (a later release drops the column, expand-then-contract).
ALTER TABLE signing_keys ADD COLUMN sealed_private_key text;
ALTER TABLE signing_keys ALTER COLUMN private_jwk DROP NOT NULL;
ALTER TABLE signing_keys ADD CONSTRAINT signing_keys_private_key_kept CHECK (private_jwk IS NOT NULL OR sealed_private_key IS NOT NULL);
