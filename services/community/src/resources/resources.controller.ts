import { Controller, Res } from '@nestjs/common';
import type { Response } from 'express';
import { AuthUser, communityApi } from '@app/contracts';
import { CurrentUser, Endpoint, Input, ParsedBody, ParsedParams, ParsedQuery } from '@app/service-kit';
import { ResourcesService } from './resources.service';

type Id = Input<typeof communityApi.upvoteResource>['params'];

@Controller()
export class ResourcesController {
  constructor(private readonly resources: ResourcesService) {}

  @Endpoint(communityApi.listExternalResources)
  async list(
    @CurrentUser() user: AuthUser,
    @ParsedQuery() query: Input<typeof communityApi.listExternalResources>['query'],
    @Res({ passthrough: true }) res: Response,
  ) {
    const { items, next } = await this.resources.list(user, query);
    if (next) res.setHeader('X-Next-Cursor', next);
    return items;
  }

  @Endpoint(communityApi.createResource)
  async create(@CurrentUser() user: AuthUser, @ParsedBody() body: Input<typeof communityApi.createResource>['body']) {
    return { data: await this.resources.create(user, body) };
  }

  @Endpoint(communityApi.moderateResource)
  async moderate(@CurrentUser() user: AuthUser, @ParsedParams() { id }: Id, @ParsedBody() body: Input<typeof communityApi.moderateResource>['body']) {
    return { data: await this.resources.moderate(user, id, body) };
  }

  @Endpoint(communityApi.upvoteResource)
  async upvote(@CurrentUser() user: AuthUser, @ParsedParams() { id }: Id) {
    return { data: await this.resources.mark(user, id, 'upvote', true) };
  }

  @Endpoint(communityApi.removeResourceUpvote)
  async removeUpvote(@CurrentUser() user: AuthUser, @ParsedParams() { id }: Id) {
    await this.resources.mark(user, id, 'upvote', false);
  }

  @Endpoint(communityApi.favoriteResource)
  async favorite(@CurrentUser() user: AuthUser, @ParsedParams() { id }: Id) {
    return { data: await this.resources.mark(user, id, 'favorite', true) };
  }

  @Endpoint(communityApi.unfavoriteResource)
  async unfavorite(@CurrentUser() user: AuthUser, @ParsedParams() { id }: Id) {
    await this.resources.mark(user, id, 'favorite', false);
  }
}
