const defaultWindowMs = 15 * 60_000;
const knownForMs = 30 * 24 * 3600_000;
const maxEntries = 100_000;

/** Failures per key in fixed windows (15 minutes unless told); bounded, oldest windows dropped first. */
export class FailureCounter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly now: () => number,
    private readonly windowMs = defaultWindowMs,
  ) {}

  /** Failures in the current window, and seconds until it ends. */
  get(key: string): { count: number; retryAfter: number } {
    const window = this.windows.get(key);
    const now = this.now();
    if (!window || window.resetAt <= now) return { count: 0, retryAfter: 0 };
    return { count: window.count, retryAfter: Math.ceil((window.resetAt - now) / 1000) };
  }

  add(key: string): void {
    const now = this.now();
    const window = this.windows.get(key);
    if (window && window.resetAt > now) {
      window.count += 1;
      return;
    }
    this.windows.delete(key);
    this.windows.set(key, { count: 1, resetAt: now + this.windowMs });
    if (this.windows.size > maxEntries) this.windows.delete(this.windows.keys().next().value!);
  }

  clear(key: string): void {
    this.windows.delete(key);
  }
}

export interface SignInLimits {
  perAccountAndAddress: number;
  perAccount: number;
  perAddress: number;
}

/**
 * Sign-in limits that slow an attacker without locking the owner out. Only failures count, keyed
 * by the normalised e-mail (so unknown and known e-mails behave alike) and the client address:
 * - an address that fails too often on one account is refused for that account;
 * - an account failed too often (from anywhere) is refused to addresses that never signed in to it;
 * - an address failing too often (across accounts) is refused for accounts it never signed in to.
 * The owner at an address they signed in from before gets in with the right password throughout;
 * a guesser is held to a few attempts per window per address. In memory, per replica.
 */
export class SignInGuard {
  private readonly pairs: FailureCounter;
  private readonly accounts: FailureCounter;
  private readonly addresses: FailureCounter;
  /** `${email} ${address}` → until when that address counts as the owner's (after a success). */
  private readonly known = new Map<string, number>();

  constructor(
    private readonly limits: SignInLimits,
    private readonly now: () => number = Date.now,
  ) {
    this.pairs = new FailureCounter(now);
    this.accounts = new FailureCounter(now);
    this.addresses = new FailureCounter(now);
  }

  /** Seconds to wait before `address` may try `email` again, or 0. */
  check(email: string, address: string): number {
    const pair = this.pairs.get(`${email} ${address}`);
    if (pair.count >= this.limits.perAccountAndAddress) return pair.retryAfter;
    if (this.isKnown(email, address)) return 0;
    const account = this.accounts.get(email);
    if (account.count >= this.limits.perAccount) return account.retryAfter;
    const byAddress = this.addresses.get(address);
    if (byAddress.count >= this.limits.perAddress) return byAddress.retryAfter;
    return 0;
  }

  failed(email: string, address: string): void {
    this.pairs.add(`${email} ${address}`);
    this.accounts.add(email);
    this.addresses.add(address);
  }

  succeeded(email: string, address: string): void {
    this.pairs.clear(`${email} ${address}`);
    const key = `${email} ${address}`;
    this.known.delete(key);
    this.known.set(key, this.now() + knownForMs);
    if (this.known.size > maxEntries) this.known.delete(this.known.keys().next().value!);
  }

  private isKnown(email: string, address: string): boolean {
    return (this.known.get(`${email} ${address}`) ?? 0) > this.now();
  }
}
