import { Inject, Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { Database, LOGGER, Logger, SERVICE_CONFIG, Tx } from '@app/service-kit';
import { createLocalJWKSet, errors as joseErrors, exportJWK, generateKeyPair, importJWK, JWK, JWTVerifyGetKey, KeyLike } from 'jose';
import { randomUUID } from 'node:crypto';
import type { IdentityConfig } from '../config';
import { openPrivateKey, sealPrivateKey } from './key-encryption';

interface SigningKey {
  kid: string;
  privateKey: KeyLike | Uint8Array;
}

/** How often every replica reads the keys again: a rotation reaches each within this, no restart. */
const KEYS_REREAD_MS = 10_000;
/**
 * A new key is published (JWKS) this long before any replica signs with it: by then every replica
 * has read it (KEYS_REREAD_MS), and a verifier that fetched the JWKS just before it appeared may
 * fetch it again for the first token it names (the kit's TokenVerifier waits 5 s between fetches).
 */
const PUBLISHED_BEFORE_SIGNING_SECONDS = 10;
/** A new key is signed with by every replica within this (see the two above). */
export const NEW_KEY_SIGNS_WITHIN_SECONDS = PUBLISHED_BEFORE_SIGNING_SECONDS + KEYS_REREAD_MS / 1000;
/** An unknown key id in a token makes a replica read the keys at once, at most this often. */
const UNKNOWN_KID_REREAD_MS = 1_000;

/** Makes a signing key, sealed with `encryptionKey`, published at once and signing PUBLISHED_BEFORE_SIGNING_SECONDS later. */
export async function addSigningKey(tx: Tx, encryptionKey: Buffer): Promise<string> {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  const kid = randomUUID();
  const meta = { kid, alg: 'ES256', use: 'sig' };
  await tx.query('INSERT INTO signing_keys (kid, sealed_private_key, public_jwk) VALUES ($1, $2, $3)', [
    kid,
    sealPrivateKey({ ...(await exportJWK(privateKey)), ...meta }, kid, encryptionKey),
    { ...(await exportJWK(publicKey)), ...meta },
  ]);
  return kid;
}

/**
 * Withdraws from the JWKS the keys a newer one replaced long enough ago that no token they signed
 * can still be alive (the token TTL and a minute's clock skew after the newer one began signing).
 */
export async function retireReplacedKeys(tx: Tx, tokenTtlSeconds: number): Promise<string[]> {
  const { rows } = await tx.query<{ kid: string }>(
    `UPDATE signing_keys old SET retired_at = now()
     WHERE old.retired_at IS NULL
       AND EXISTS (SELECT 1 FROM signing_keys newer
                   WHERE newer.retired_at IS NULL AND newer.created_at > old.created_at
                     AND newer.created_at < now() - make_interval(secs => $1))
     RETURNING old.kid`,
    [PUBLISHED_BEFORE_SIGNING_SECONDS + tokenTtlSeconds + 60],
  );
  return rows.map((r) => r.kid);
}

/**
 * ES256 keys kept in the database: made on first start, reused after restarts (so tokens signed
 * before a restart still verify) and shared by replicas. Several are published while one replaces
 * another (`npm run admin -- rotate-signing-key`, docs/deploy.md): every replica reads them again
 * every KEYS_REREAD_MS and signs with the newest published for PUBLISHED_BEFORE_SIGNING_SECONDS;
 * tokens of the older keys verify until those are retired. Private keys are stored sealed with
 * SIGNING_KEY_ENCRYPTION_KEY, never in plaintext.
 */
@Injectable()
export class KeyStore implements OnModuleInit, OnModuleDestroy {
  private signing?: SigningKey;
  private published: JWK[] = [];
  private localSet?: JWTVerifyGetKey;
  private reread?: NodeJS.Timeout;
  private reading?: Promise<void>;
  private readAt = 0;

  private readonly encryptionKey: Buffer;

  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(SERVICE_CONFIG) config: IdentityConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.encryptionKey = config.SIGNING_KEY_ENCRYPTION_KEY;
  }

  async onModuleInit(): Promise<void> {
    await this.db.transaction(async (tx) => {
      // One replica creates the first key; the others wait here and then read it.
      await tx.query("SELECT pg_advisory_xact_lock(hashtext('identity:signing-keys'))");
      await this.sealPlaintextKeys(tx);
      const { rows } = await tx.query('SELECT 1 FROM signing_keys WHERE retired_at IS NULL LIMIT 1');
      if (rows.length === 0) await addSigningKey(tx, this.encryptionKey);
    });
    await this.load();
    this.reread = setInterval(
      () => void this.read().catch((err: Error) => this.logger.warn({ err }, 'signing keys: reading them again failed')),
      KEYS_REREAD_MS,
    );
    this.reread.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.reread);
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

  /** One read at a time; callers meanwhile share it. */
  private read(): Promise<void> {
    this.reading ??= this.load().finally(() => {
      this.reading = undefined;
    });
    return this.reading;
  }

  private async load(): Promise<void> {
    const { rows } = await this.db.query<{ kid: string; sealed_private_key: string; public_jwk: JWK; signs: boolean }>(
      `SELECT kid, sealed_private_key, public_jwk, created_at <= now() - make_interval(secs => $1) AS signs
       FROM signing_keys WHERE retired_at IS NULL ORDER BY created_at DESC`,
      [PUBLISHED_BEFORE_SIGNING_SECONDS],
    );
    // The first key of all signs at once: no token names an older one.
    const chosen = rows.find((r) => r.signs) ?? rows[rows.length - 1];
    if (chosen.kid !== this.signing?.kid) {
      this.signing = { kid: chosen.kid, privateKey: await importJWK(openPrivateKey<JWK>(chosen.sealed_private_key, chosen.kid, this.encryptionKey), 'ES256') };
      this.logger.info({ kid: chosen.kid }, 'signing with key');
    }
    this.published = rows.map((r) => r.public_jwk);
    this.localSet = createLocalJWKSet({ keys: this.published });
    this.readAt = Date.now();
  }

  get signingKey(): SigningKey {
    if (!this.signing) throw new Error('signing keys not loaded');
    return this.signing;
  }

  jwks(): { keys: JWK[] } {
    return { keys: this.published };
  }

  /** The published keys; a token naming one this replica has not read yet makes it read them at once. */
  readonly verificationKeys: JWTVerifyGetKey = async (header, token) => {
    if (!this.localSet) throw new Error('signing keys not loaded');
    try {
      return await this.localSet(header, token);
    } catch (err) {
      if (!(err instanceof joseErrors.JWKSNoMatchingKey) || Date.now() - this.readAt < UNKNOWN_KID_REREAD_MS) throw err;
      await this.read();
      return this.localSet(header, token);
    }
  };
}
