import { GatewayProof, GATEWAY_PROOF_SKEW_SECONDS } from './gateway-hop';

const secret = 'a'.repeat(32);

describe('the gateway proof', () => {
  it('is accepted by a holder of the same secret, and by nobody else', () => {
    const proof = new GatewayProof(secret).current();
    expect(new GatewayProof(secret).accepts(proof)).toBe(true);
    expect(new GatewayProof('b'.repeat(32)).accepts(proof)).toBe(false);
  });

  it('never carries the secret, and is made once a second', () => {
    let now = 1_700_000_000_000;
    const proof = new GatewayProof(secret, () => now);
    const first = proof.current();
    expect(first).not.toContain(secret);
    now += 999;
    expect(proof.current()).toBe(first);
    now += 1;
    expect(proof.current()).not.toBe(first);
  });

  it(`expires past ${GATEWAY_PROOF_SKEW_SECONDS} s either way (a proof seen by someone else is soon worth nothing)`, () => {
    let now = 1_700_000_000_000;
    const made = new GatewayProof(secret, () => now).current();
    const checker = new GatewayProof(secret, () => now);
    now += GATEWAY_PROOF_SKEW_SECONDS * 1000;
    expect(checker.accepts(made)).toBe(true);
    now += 1000;
    expect(checker.accepts(made)).toBe(false);
    now = 1_700_000_000_000 - (GATEWAY_PROOF_SKEW_SECONDS + 1) * 1000;
    expect(checker.accepts(made)).toBe(false);
  });

  it('refuses anything malformed or tampered with, and a repeated header', () => {
    const checker = new GatewayProof(secret);
    const [second, mac] = checker.current().split('.');
    const tampered = `${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`;
    for (const value of [undefined, '', secret, mac, `${second}.`, `${Number(second) + 1}.${mac}`, `${second}.${mac}x`, `${second}.${tampered}`]) {
      expect({ value, accepted: checker.accepts(value) }).toEqual({ value, accepted: false });
    }
    expect(checker.accepts([checker.current(), checker.current()])).toBe(false);
  });
});
