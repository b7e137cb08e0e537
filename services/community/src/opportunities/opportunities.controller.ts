import { Controller, Res } from '@nestjs/common';
import type { Response } from 'express';
import { AuthUser, communityApi } from '@app/contracts';
import { CurrentUser, Endpoint, Input, ParsedBody, ParsedParams, ParsedQuery } from '@app/service-kit';
import { OpportunitiesService } from './opportunities.service';

type Id = Input<typeof communityApi.upvoteOpportunity>['params'];

@Controller()
export class OpportunitiesController {
  constructor(private readonly opportunities: OpportunitiesService) {}

  @Endpoint(communityApi.listOpportunities)
  async list(
    @CurrentUser() user: AuthUser,
    @ParsedQuery() query: Input<typeof communityApi.listOpportunities>['query'],
    @Res({ passthrough: true }) res: Response,
  ) {
    const { items, next } = await this.opportunities.list(user, query);
    if (next) res.setHeader('X-Next-Cursor', next);
    return items;
  }

  @Endpoint(communityApi.createOpportunity)
  async create(@CurrentUser() user: AuthUser, @ParsedBody() body: Input<typeof communityApi.createOpportunity>['body']) {
    return { data: await this.opportunities.create(user, body) };
  }

  @Endpoint(communityApi.moderateOpportunity)
  async moderate(@CurrentUser() user: AuthUser, @ParsedParams() { id }: Id, @ParsedBody() body: Input<typeof communityApi.moderateOpportunity>['body']) {
    return { data: await this.opportunities.moderate(user, id, body) };
  }

  @Endpoint(communityApi.updateOpportunityFields)
  async setFields(@CurrentUser() user: AuthUser, @ParsedParams() { id }: Id, @ParsedBody() body: Input<typeof communityApi.updateOpportunityFields>['body']) {
    return { data: await this.opportunities.setFields(user, id, body) };
  }

  @Endpoint(communityApi.reportOpportunityClosed)
  async reportClosed(@CurrentUser() user: AuthUser, @ParsedParams() { id }: Id) {
    return { data: await this.opportunities.reportClosed(user, id) };
  }

  @Endpoint(communityApi.reopenOpportunity)
  async reopen(@CurrentUser() user: AuthUser, @ParsedParams() { id }: Id) {
    await this.opportunities.reopen(user, id);
  }

  @Endpoint(communityApi.upvoteOpportunity)
  async upvote(@CurrentUser() user: AuthUser, @ParsedParams() { id }: Id) {
    return { data: await this.opportunities.mark(user, id, 'upvote', true) };
  }

  @Endpoint(communityApi.removeOpportunityUpvote)
  async removeUpvote(@CurrentUser() user: AuthUser, @ParsedParams() { id }: Id) {
    await this.opportunities.mark(user, id, 'upvote', false);
  }

  @Endpoint(communityApi.favoriteOpportunity)
  async favorite(@CurrentUser() user: AuthUser, @ParsedParams() { id }: Id) {
    return { data: await this.opportunities.mark(user, id, 'favorite', true) };
  }

  @Endpoint(communityApi.unfavoriteOpportunity)
  async unfavorite(@CurrentUser() user: AuthUser, @ParsedParams() { id }: Id) {
    await this.opportunities.mark(user, id, 'favorite', false);
  }
}
