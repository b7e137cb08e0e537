import { Controller } from '@nestjs/common';
import { AuthUser, communityApi } from '@app/contracts';
import { CurrentUser, Endpoint, Input, ParsedBody, ParsedParams, ParsedQuery } from '@app/service-kit';
import { DesignsService } from './designs.service';

type In<K extends keyof typeof communityApi> = Input<(typeof communityApi)[K]>;

/** /api/community-designs: published System Design attempts. */
@Controller()
export class DesignsController {
  constructor(private readonly designs: DesignsService) {}

  @Endpoint(communityApi.listCommunityDesigns)
  list(@CurrentUser() user: AuthUser, @ParsedQuery() { prompt }: In<'listCommunityDesigns'>['query']) {
    return this.designs.list(user, prompt);
  }

  @Endpoint(communityApi.getCommunityDesign)
  get(@CurrentUser() user: AuthUser, @ParsedParams() { id }: In<'getCommunityDesign'>['params']) {
    return this.designs.get(user, id);
  }

  @Endpoint(communityApi.upvoteCommunityDesign)
  async upvote(@CurrentUser() user: AuthUser, @ParsedParams() { id }: In<'upvoteCommunityDesign'>['params']) {
    return { data: await this.designs.upvote(user, id) };
  }

  @Endpoint(communityApi.removeCommunityDesignUpvote)
  removeUpvote(@CurrentUser() user: AuthUser, @ParsedParams() { id }: In<'removeCommunityDesignUpvote'>['params']) {
    return this.designs.removeUpvote(user, id);
  }

  @Endpoint(communityApi.listDesignComments)
  comments(@CurrentUser() user: AuthUser, @ParsedParams() { id }: In<'listDesignComments'>['params']) {
    return this.designs.comments(user, id);
  }

  @Endpoint(communityApi.addDesignComment)
  async comment(
    @CurrentUser() user: AuthUser,
    @ParsedParams() { id }: In<'addDesignComment'>['params'],
    @ParsedBody() { body }: In<'addDesignComment'>['body'],
  ) {
    return { data: await this.designs.comment(user, id, body) };
  }

  @Endpoint(communityApi.editDesignComment)
  async editComment(
    @CurrentUser() user: AuthUser,
    @ParsedParams() { id, commentId }: In<'editDesignComment'>['params'],
    @ParsedBody() { body }: In<'editDesignComment'>['body'],
  ) {
    return { data: await this.designs.editComment(user, id, commentId, body) };
  }

  @Endpoint(communityApi.flagCommunityDesign)
  flag(@CurrentUser() user: AuthUser, @ParsedParams() { id }: In<'flagCommunityDesign'>['params'], @ParsedBody() body: In<'flagCommunityDesign'>['body']) {
    return this.designs.flag(user, id, body);
  }

  @Endpoint(communityApi.flagDesignComment)
  flagComment(
    @CurrentUser() user: AuthUser,
    @ParsedParams() { id, commentId }: In<'flagDesignComment'>['params'],
    @ParsedBody() body: In<'flagDesignComment'>['body'],
  ) {
    return this.designs.flagComment(user, id, commentId, body);
  }

  @Endpoint(communityApi.unpublishCommunityDesign)
  unpublish(@CurrentUser() user: AuthUser, @ParsedParams() { id }: In<'unpublishCommunityDesign'>['params']) {
    return this.designs.unpublish(user, id);
  }

  @Endpoint(communityApi.takeDownCommunityDesign)
  takeDown(
    @CurrentUser() user: AuthUser,
    @ParsedParams() { id }: In<'takeDownCommunityDesign'>['params'],
    @ParsedBody() { reason }: In<'takeDownCommunityDesign'>['body'],
  ) {
    return this.designs.takeDown(user, id, reason);
  }
}
