import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { Database } from '@app/service-kit';
import { createLocalJWKSet, exportJWK, generateKeyPair, importJWK, JWK, JWTVerifyGetKey, KeyLike } from 'jose';
import { randomUUID } from 'node:crypto';

interface SigningKey {
  kid: string;
  privateKey: KeyLike | Uint8Array;
}

/**
 * ES256 keys kept in the database: made on first start, reused after restarts (so tokens signed
 * before a restart still verify) and shared by replicas. Several may be published for rotation.
 */
@Injectable()
export class KeyStore implements OnModuleInit {
  private signing?: SigningKey;
  private published: JWK[] = [];
  private localSet?: JWTVerifyGetKey;

  constructor(@Inject(Database) private readonly db: Database) {}

  async onModuleInit(): Promise<void> {
    await this.db.transaction(async (tx) => {
      // One replica creates the first key; the others wait here and then read it.
      await tx.query("SELECT pg_advisory_xact_lock(hashtext('identity:signing-keys'))");
      const { rows } = await tx.query('SELECT 1 FROM signing_keys WHERE retired_at IS NULL LIMIT 1');
      if (rows.length === 0) {
        const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
        const kid = randomUUID();
        const meta = { kid, alg: 'ES256', use: 'sig' };
        await tx.query('INSERT INTO signing_keys (kid, private_jwk, public_jwk) VALUES ($1, $2, $3)', [
          kid,
          { ...(await exportJWK(privateKey)), ...meta },
          { ...(await exportJWK(publicKey)), ...meta },
        ]);
      }
    });
    await this.load();
  }

  private async load(): Promise<void> {
    const { rows } = await this.db.query<{ kid: string; private_jwk: JWK; public_jwk: JWK }>(
      'SELECT kid, private_jwk, public_jwk FROM signing_keys WHERE retired_at IS NULL ORDER BY created_at DESC',
    );
    this.signing = { kid: rows[0].kid, privateKey: await importJWK(rows[0].private_jwk, 'ES256') };
    this.published = rows.map((r) => r.public_jwk);
    this.localSet = createLocalJWKSet({ keys: this.published });
  }

  get signingKey(): SigningKey {
    if (!this.signing) throw new Error('signing keys not loaded');
    return this.signing;
  }

  jwks(): { keys: JWK[] } {
    return { keys: this.published };
  }

  get verificationKeys(): JWTVerifyGetKey {
    if (!this.localSet) throw new Error('signing keys not loaded');
    return this.localSet;
  }
}
