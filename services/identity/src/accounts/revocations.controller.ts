import { Controller } from '@nestjs/common';
import { identityApi } from '@app/contracts';
import { Endpoint, Input, ParsedQuery, Public } from '@app/service-kit';
import { AccountsRepository } from './accounts.repository';

/**
 * The list the kit's TokenVerifier polls (gateway and services): sessions ended by logout, a
 * password change, theft of a refresh token or the account's deletion, while their access tokens
 * may live. Outside /auth/v1, so the gateway does not route it: for the platform's own callers.
 */
@Controller()
@Public()
export class RevocationsController {
  private forgottenAt = 0;

  constructor(private readonly accounts: AccountsRepository) {}

  /** `since`: the `cursor` of the caller's previous answer (ms); without it, every live revocation. */
  @Endpoint(identityApi.revocations)
  async revocations(@ParsedQuery() { since }: Input<typeof identityApi.revocations>['query']) {
    const cursor = Date.now();
    if (cursor - this.forgottenAt > 60_000) {
      this.forgottenAt = cursor;
      await this.accounts.forgetExpiredRevocations();
    }
    const revocations = await this.accounts.revocationsSince(since === undefined ? undefined : new Date(Number(since)));
    return { cursor, revocations };
  }
}
