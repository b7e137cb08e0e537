import { Controller, Res } from '@nestjs/common';
import type { Response } from 'express';
import { AuthUser, identityApi } from '@app/contracts';
import { CurrentUser, Endpoint, Input, ParsedBody, ParsedQuery } from '@app/service-kit';
import { EmailNotifications } from './email-notifications.service';

/** E-mail choices per kind in Settings, and the one-click unsubscribe of a mail (no session: the sealed token says whose). */
@Controller()
export class EmailNotificationsController {
  constructor(private readonly notifications: EmailNotifications) {}

  @Endpoint(identityApi.getEmailNotifications)
  settings(@CurrentUser() user: AuthUser) {
    return this.notifications.settings(user.id);
  }

  @Endpoint(identityApi.setEmailNotification)
  async set(@CurrentUser() user: AuthUser, @ParsedBody() body: Input<typeof identityApi.setEmailNotification>['body']) {
    return { data: await this.notifications.set(user.id, body) };
  }

  /** A mail client's link opened by a person: never unsubscribes, sends them to the page that asks. */
  @Endpoint(identityApi.openEmailUnsubscribe)
  async open(@Res() res: Response, @ParsedQuery() { token }: Input<typeof identityApi.openEmailUnsubscribe>['query']): Promise<void> {
    res.redirect(303, await this.notifications.unsubscribePage(token));
  }

  @Endpoint(identityApi.unsubscribeEmailNotification)
  async unsubscribe(
    @ParsedQuery() { token }: Input<typeof identityApi.unsubscribeEmailNotification>['query'],
    @ParsedBody() _oneClick: Input<typeof identityApi.unsubscribeEmailNotification>['body'],
  ) {
    return { data: await this.notifications.unsubscribe(token) };
  }
}
