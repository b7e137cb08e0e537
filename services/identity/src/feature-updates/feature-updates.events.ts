import { Controller, Inject } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { EventData, featureRequestStatusInText } from '@app/contracts';
import { EventContext, SERVICE_CONFIG } from '@app/service-kit';
import { AccountsRepository } from '../accounts/accounts.repository';
import type { IdentityConfig } from '../config';
import { Mailer } from '../mail/mailer';

/**
 * Community's feature board says a request its subscribers follow changed status; identity holds
 * their addresses, so it writes to each one. An account deleted since it subscribed gets nothing.
 */
@Controller()
export class FeatureUpdatesEvents {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly mailer: Mailer,
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
  ) {}

  @EventPattern('community.feature_request.status_changed', { durable: 'identity.feature-request-status-changed' })
  async onStatusChanged(@Payload() change: EventData<'community.feature_request.status_changed'>, @Ctx() { tx }: EventContext) {
    const board = new URL('feature-request', this.config.SITE_URL ?? `${new URL(this.config.PUBLIC_URL ?? this.config.AUTH_ISSUER).origin}/`).toString();
    const status = featureRequestStatusInText(change.status);
    for (const id of change.subscriber_ids) {
      const user = await this.accounts.findUser(id, tx);
      if (!user) continue;
      await this.mailer.send({
        to: user.email,
        subject: `Feature request "${change.title}" is now ${status}`,
        text: [
          `The feature request "${change.title}" you follow is now ${status}.`,
          '',
          `See it on the feature board: ${board}`,
          '',
          `You get this e-mail because you chose "E-mail me updates" on that request. To stop, open ${board} and turn "E-mail me updates" off on it.`,
        ].join('\n'),
      });
    }
  }
}
