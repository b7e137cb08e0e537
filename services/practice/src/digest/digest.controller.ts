import { Controller } from '@nestjs/common';
import { AuthUser, practiceApi } from '@app/contracts';
import { CurrentUser, Endpoint, Input, ParsedBody } from '@app/service-kit';
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

  @Endpoint(practiceApi.unsubscribeReviewEmail)
  async unsubscribe(@ParsedBody() { token }: Input<typeof practiceApi.unsubscribeReviewEmail>['body']) {
    return { data: await this.digests.unsubscribe(token) };
  }
}
