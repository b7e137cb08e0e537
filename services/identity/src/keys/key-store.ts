import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { Database, SERVICE_CONFIG, Tx } from '@app/service-kit';
import { createLocalJWKSet, exportJWK, generateKeyPair, importJWK, JWK, JWTVerifyGetKey, KeyLike } from 'jose';
import { randomUUID } from 'node:crypto';
import type { IdentityConfig } from '../config';
import { openPrivateKey, sealPrivateKey } from './key-encryption';

interface SigningKey {
  kid: string;
  privateKey: KeyLike | Uint8Array;
}

/**
 * ES256 keys kept in the database: made on first start, reused after restarts (so tokens signed
 * before a restart still verify) and shared by replicas. Several may be published for rotation.
 * Private keys are stored sealed with SIGNING_KEY_ENCRYPTION_KEY, never in plaintext.
 */
@Injectable()
export class KeyStore implements OnModuleInit {
  private signing?: SigningKey;
  private published: JWK[] = [];
  private localSet?: JWTVerifyGetKey;

  private readonly encryptionKey: Buffer;

  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(SERVICE_CONFIG) config: IdentityConfig,
  ) {
    this.encryptionKey = config.SIGNING_KEY_ENCRYPTION_KEY;
  }

  async onModuleInit(): Promise<void> {
    await this.db.transaction(async (tx) => {
      // One replica creates the first key; the others wait here and then read it.
      await tx.query("SELECT pg_advisory_xact_lock(hashtext('identity:signing-keys'))");
      await this.sealPlaintextKeys(tx);
      const { rows } = await tx.query('SELECT 1 FROM signing_keys WHERE retired_at IS NULL LIMIT 1');
      if (rows.length === 0) {
        const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
        const kid = randomUUID();
        const meta = { kid, alg: 'ES256', use: 'sig' };
        await tx.query('INSERT INTO signing_keys (kid, sealed_private_key, public_jwk) VALUES ($1, $2, $3)', [
          kid,
          sealPrivateKey({ ...(await exportJWK(privateKey)), ...meta }, kid, this.encryptionKey),
          { ...(await exportJWK(publicKey)), ...meta },
        ]);
      }
    });
    await this.load();
  }

  /** Keys written before they were sealed (migration 0003): sealed now, their plaintext cleared. */
  private async sealPlaintextKeys(tx: Tx): Promise<void> {
    const { rows } = await tx.query<{ kid: string; private_jwk: JWK }>('SELECT kid, private_jwk FROM signing_keys WHERE private_jwk IS NOT NULL');
    for (const row of rows) {
      await tx.query('UPDATE signing_keys SET sealed_private_key = $2, private_jwk = NULL WHERE kid = $1', [
        row.kid,
        sealPrivateKey(row.private_jwk, row.kid, this.encryptionKey),
      ]);
    }
  }

  private async load(): Promise<void> {
    const { rows } = await this.db.query<{ kid: string; sealed_private_key: string; public_jwk: JWK }>(
      'SELECT kid, sealed_private_key, public_jwk FROM signing_keys WHERE retired_at IS NULL ORDER BY created_at DESC',
    );
    const newest = rows[0];
    this.signing = { kid: newest.kid, privateKey: await importJWK(openPrivateKey<JWK>(newest.sealed_private_key, newest.kid, this.encryptionKey), 'ES256') };
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
