/**
 * ECDSA signatures are malleable: (r, s) and (r, n − s) both verify, so one token has two valid
 * encodings. Identity signs with the low s only, and verifiers refuse the high one, so a token has
 * exactly one form (and a second form cannot slip past a cache or a list keyed by the token).
 */
const p256Order = BigInt('0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551');
const halfOrder = p256Order >> 1n;

const toBigInt = (bytes: Buffer) => BigInt(`0x${bytes.toString('hex') || '0'}`);

/** True unless `jwt` is an ES256 token whose signature's s lies in the upper half of the curve order. */
export function hasLowS(jwt: string): boolean {
  const [header, , encoded] = jwt.split('.');
  let alg: unknown;
  try {
    alg = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')).alg;
  } catch {
    return true;
  }
  const signature = Buffer.from(encoded ?? '', 'base64url');
  if (alg !== 'ES256' || signature.length !== 64) return true;
  return toBigInt(signature.subarray(32)) <= halfOrder;
}

/** The same ES256 token with its signature's s replaced by n − s when it is high (still valid). */
export function withLowS(jwt: string): string {
  if (hasLowS(jwt)) return jwt;
  const [header, payload, encoded] = jwt.split('.');
  const signature = Buffer.from(encoded, 'base64url');
  const low = (p256Order - toBigInt(signature.subarray(32))).toString(16).padStart(64, '0');
  return `${header}.${payload}.${Buffer.concat([signature.subarray(0, 32), Buffer.from(low, 'hex')]).toString('base64url')}`;
}
