import { Controller, Res } from '@nestjs/common';
import type { Response } from 'express';
import { AuthUser, practiceApi } from '@app/contracts';
import { CurrentUser, Endpoint, Input, ParsedBody, ParsedQuery } from '@app/service-kit';
import { DigestService } from './digest.service';

/** The "Daily review e-mail" switch, and the mail's unsubscribe link (no session: the signed token says whose). */
@Controller()
export class DigestController {
  constructor(private readonly digests: DigestService) {}

  @Endpoint(practiceApi.getReviewEmail)
  preference(@CurrentUser() user: AuthUser) {
    return this.digests.preference(user.id);
  }

  @Endpoint(practiceApi.setReviewEmail)
  async setPreference(@CurrentUser() user: AuthUser, @ParsedBody() body: Input<typeof practiceApi.setReviewEmail>['body']) {
    return { data: await this.digests.setPreference(user.id, body) };
  }

  /**
   * A mail client that cannot post one-click opens the List-Unsubscribe address in a browser: never
   * unsubscribes, sends the person to the page that asks (on this origin, where the gateway serves it).
   */
  @Endpoint(practiceApi.openReviewEmailUnsubscribe)
  open(@Res() res: Response, @ParsedQuery() { token }: Input<typeof practiceApi.openReviewEmailUnsubscribe>['query']): void {
    res.redirect(303, token ? `/review-email/unsubscribe?${new URLSearchParams({ token })}` : '/review-email/unsubscribe');
  }

  @Endpoint(practiceApi.unsubscribeReviewEmail)
  async unsubscribe(
    @ParsedQuery() query: Input<typeof practiceApi.unsubscribeReviewEmail>['query'],
    @ParsedBody() body: Input<typeof practiceApi.unsubscribeReviewEmail>['body'],
  ) {
    return { data: await this.digests.unsubscribe(query.token ?? body.token) };
  }
}
