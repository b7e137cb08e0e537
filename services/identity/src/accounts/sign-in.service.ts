import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { hash } from '@node-rs/argon2';
import { SERVICE_CONFIG } from '@app/service-kit';
import { GoTrueError } from '../gotrue';
import type { IdentityConfig } from '../config';
import { AccountsRepository } from './accounts.repository';
import { counterStore } from './counters';
import { normalizeEmail } from './email';
import { tooMany } from './input';
import { passwordHashing, passwordMatches } from './passwords';
import { Session, SessionTokens } from './session-tokens';
import { SignInGuard } from './sign-in-guard';

const invalidCredentials = () => new GoTrueError(400, 'invalid_credentials', 'Invalid login credentials');

/** Sign-in with an e-mail and a password, as GoTrue's password grant does it. */
@Injectable()
export class SignInService {
  private readonly guard: SignInGuard;
  /** Verified against when the e-mail is unknown, so an unknown e-mail costs what a wrong password does. */
  private readonly dummyHash = hash(randomBytes(16).toString('hex'), passwordHashing);

  constructor(
    private readonly accounts: AccountsRepository,
    private readonly tokens: SessionTokens,
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
  ) {
    this.guard = new SignInGuard(counterStore(accounts.db, config.SIGNING_KEY_ENCRYPTION_KEY), {
      perAccountAndAddress: config.SIGNIN_FAILURES_PER_ACCOUNT_AND_ADDRESS,
      maxDelaySeconds: config.SIGNIN_DELAY_MAX_SECONDS,
      perAccountPerDay: config.SIGNIN_FAILURES_PER_ACCOUNT,
      perAddress: config.SIGNIN_FAILURES_PER_ADDRESS,
    });
  }

  /**
   * The same work whether or not the e-mail exists (one lookup, one argon2 verify), and limits that
   * count failures only (SignInGuard), keyed by the one normalised e-mail the lookup uses too.
   */
  async signInWithPassword(body: { email?: unknown; password?: unknown }, address: string): Promise<Session> {
    const email = typeof body.email === 'string' ? normalizeEmail(body.email) : '';
    const password = typeof body.password === 'string' ? body.password : '';
    if (!email || !password) throw invalidCredentials();
    const wait = await this.guard.check(email, address);
    if (wait > 0) throw tooMany('Too many sign-in attempts, please try again later', wait);
    const user = await this.accounts.findUserByEmail(email);
    const valid = await passwordMatches(user?.encrypted_password ?? (await this.dummyHash), password);
    if (!user || !valid) {
      await this.guard.failed(email, address);
      throw invalidCredentials();
    }
    await this.guard.succeeded(email, address);
    if (this.config.EMAIL_CONFIRMATION_REQUIRED && !user.email_confirmed_at) throw new GoTrueError(400, 'email_not_confirmed', 'Email not confirmed');
    return this.accounts.db.transaction(async (tx) => {
      await this.accounts.touchSignIn(tx, user.id);
      return this.tokens.openSession(tx, (await this.accounts.findUser(user.id, tx))!);
    });
  }
}
