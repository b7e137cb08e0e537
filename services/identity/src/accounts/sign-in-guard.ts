import { backoffCeiling } from '@app/service-kit';
import { Counter, CounterStore, sweepExpiredCounters } from './counters';

const minute = 60;
const day = 24 * 3600;
const knownForSeconds = 30 * day;
const sweepEveryMs = 5 * 60_000;

export interface SignInLimits {
  /** Failures in a row from one address on one account before each further attempt waits. */
  perAccountAndAddress: number;
  /** The longest such wait. */
  maxDelaySeconds: number;
  /** Failures on one account in 24 hours before addresses that never signed in to it are refused. */
  perAccountPerDay: number;
  /** Failures from one address in 15 minutes, across accounts, before it is refused for accounts it never signed in to. */
  perAddress: number;
}

/**
 * The wait after the `failures`-th failure in a row from one address on one account: none before
 * the limit, then 2 s, doubling with each failure, never more than the maximum. The backoff's
 * ceiling itself, without jitter: this wait is the guard's, not a client's retry schedule. Any
 * draw below it (full or equal jitter) would let a guesser try sooner, any above it would hold the
 * owner past maxDelaySeconds; and there is no crowd to spread, each account and address waiting alone.
 */
export function delayAfter(failures: number, limits: Pick<SignInLimits, 'perAccountAndAddress' | 'maxDelaySeconds'>): number {
  if (failures < limits.perAccountAndAddress) return 0;
  return backoffCeiling(failures - limits.perAccountAndAddress, { base: 2, cap: limits.maxDelaySeconds });
}

/**
 * Sign-in limits that slow a guesser without locking the owner out (as Okta and GoTrue do: a short
 * throttle per account and address, a daily cap per account that spares known addresses, a cap per
 * address against spraying). Only failures count, keyed by the normalised e-mail (so unknown and
 * known e-mails behave alike) and the client address; the counters are in Postgres, shared by replicas.
 * - From one address, failures in a row on one account make each further attempt wait, at most
 *   maxDelaySeconds: the owner who mistyped is back within a minute.
 * - An account failed perAccountPerDay times (from anywhere) is refused to addresses that never
 *   signed in to it: a guesser gets about that many tries a day; the owner's known addresses still get in.
 * - An address failing perAddress times across accounts is refused for accounts it never signed in to.
 */
export class SignInGuard {
  /** Failures in a row per account and address (cleared by a success). */
  private readonly inARow: Counter;
  /**
   * Per account and address, once failing in a row: the wait after the latest failure, then a
   * turn that one attempt at a time takes (so concurrent guesses do not all slip through).
   */
  private readonly turns: Counter;
  private readonly accounts: Counter;
  private readonly addresses: Counter;
  /** Account and address pairs that signed in, for 30 days after the latest success. */
  private readonly known: Counter;
  private sweptAt = 0;

  constructor(
    private readonly store: CounterStore,
    private readonly limits: SignInLimits,
  ) {
    this.inARow = new Counter(store, 'signin-in-a-row', limits.perAccountAndAddress, day);
    this.turns = new Counter(store, 'signin-turn', 1, limits.maxDelaySeconds);
    this.accounts = new Counter(store, 'signin-account', limits.perAccountPerDay, day);
    this.addresses = new Counter(store, 'signin-address', limits.perAddress, 15 * minute);
    this.known = new Counter(store, 'signin-known', 1, knownForSeconds);
  }

  /** Seconds to wait before `address` may try `email` again, or 0. */
  async check(email: string, address: string): Promise<number> {
    this.sweepNowAndThen();
    const pair = [email, address];
    const [inARow, delay, known, account, byAddress] = await Promise.all([
      this.inARow.count(pair),
      this.turns.wait(pair),
      this.known.count(pair),
      this.accounts.wait(email),
      this.addresses.wait(address),
    ]);
    if (delay > 0) return delay;
    const capped = known > 0 ? 0 : Math.max(account, byAddress);
    if (capped > 0) return capped;
    // Its outcome ends the turn: a failure starts the next wait, a success clears it.
    return inARow >= this.limits.perAccountAndAddress ? this.turns.take(pair) : 0;
  }

  async failed(email: string, address: string): Promise<void> {
    const pair = [email, address];
    const [inARow] = await Promise.all([this.inARow.add(pair), this.accounts.add(email), this.addresses.add(address)]);
    const delay = delayAfter(inARow, this.limits);
    if (delay > 0) await this.turns.holdFor(pair, delay);
  }

  async succeeded(email: string, address: string): Promise<void> {
    const pair = [email, address];
    await Promise.all([this.inARow.clear(pair), this.turns.clear(pair), this.known.renew(pair)]);
  }

  private sweepNowAndThen(): void {
    if (Date.now() - this.sweptAt < sweepEveryMs) return;
    this.sweptAt = Date.now();
    // Not on the sign-in's path: a failed sweep only leaves rows for the next one.
    sweepExpiredCounters(this.store.db).catch(() => undefined);
  }
}
