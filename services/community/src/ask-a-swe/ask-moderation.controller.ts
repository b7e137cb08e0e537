import { Controller } from '@nestjs/common';
import { AuthUser, communityApi as api } from '@app/contracts';
import { CurrentUser, Endpoint, Input, ParsedBody, ParsedParams } from '@app/service-kit';
import { AskModerationService } from './ask-moderation.service';

type Id = { id: string };

/** Members' flags, and the moderators' desk for Ask a SWE: flagged posts, duplicates, an anonymous asker's identity (audited in the desk's one log). */
@Controller()
export class AskModerationController {
  constructor(private readonly moderation: AskModerationService) {}

  @Endpoint(api.flagQuestion)
  flagQuestion(@CurrentUser() user: AuthUser, @ParsedParams() { id }: Id, @ParsedBody() body: Input<typeof api.flagQuestion>['body']) {
    return this.moderation.flag(user, 'question', id, body);
  }

  @Endpoint(api.flagAnswer)
  flagAnswer(@CurrentUser() user: AuthUser, @ParsedParams() { id }: Id, @ParsedBody() body: Input<typeof api.flagAnswer>['body']) {
    return this.moderation.flag(user, 'answer', id, body);
  }

  @Endpoint(api.flaggedPosts)
  queue(@CurrentUser() user: AuthUser) {
    return this.moderation.queue(user);
  }

  @Endpoint(api.decideFlaggedPost)
  async decide(
    @CurrentUser() user: AuthUser,
    @ParsedParams() { kind, id }: Input<typeof api.decideFlaggedPost>['params'],
    @ParsedBody() { decision, reason }: Input<typeof api.decideFlaggedPost>['body'],
  ) {
    await this.moderation.decide(user, kind, id, decision, reason ?? null);
  }

  @Endpoint(api.closeAsDuplicate)
  async closeAsDuplicate(@CurrentUser() user: AuthUser, @ParsedParams() { id }: Id, @ParsedBody() body: Input<typeof api.closeAsDuplicate>['body']) {
    return { data: await this.moderation.closeAsDuplicate(user, id, body.duplicate_of) };
  }

  @Endpoint(api.reopenQuestion)
  async reopen(@CurrentUser() user: AuthUser, @ParsedParams() { id }: Id) {
    return { data: await this.moderation.closeAsDuplicate(user, id, null) };
  }

  @Endpoint(api.openAskerIdentity)
  openAsker(@CurrentUser() user: AuthUser, @ParsedParams() { id }: Id, @ParsedBody() { reason }: Input<typeof api.openAskerIdentity>['body']) {
    return this.moderation.openAsker(user, id, reason);
  }
}
