import { hash, verify, Algorithm } from '@node-rs/argon2';

/** OWASP's argon2id baseline (19 MiB, 2 passes): about 30 ms a hash on one core here. */
export const passwordHashing = { algorithm: Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 };
/**
 * Passwords are hashed and checked in one Unicode form (NFKC, as NIST SP 800-63B advises), so the
 * same password typed on another keyboard still matches. Passwords were ASCII before (issue 22),
 * and NFKC leaves ASCII as it is, so every stored hash still verifies.
 */
export const hashPassword = (password: string) => hash(password.normalize('NFKC'), passwordHashing);
export const passwordMatches = (stored: string, password: string) => verify(stored, password.normalize('NFKC')).catch(() => false);
