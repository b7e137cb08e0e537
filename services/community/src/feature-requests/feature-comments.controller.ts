import { Controller } from '@nestjs/common';
import { AuthUser, communityApi } from '@app/contracts';
import { CurrentUser, Endpoint, Input, ParsedBody, ParsedParams } from '@app/service-kit';
import { FeatureCommentsService } from './feature-comments.service';

type CommentId = Input<typeof communityApi.editFeatureComment>['params'];
type Body = Input<typeof communityApi.addFeatureComment>['body'];

@Controller()
export class FeatureCommentsController {
  constructor(private readonly comments: FeatureCommentsService) {}

  @Endpoint(communityApi.listFeatureComments)
  list(@CurrentUser() user: AuthUser, @ParsedParams() { id }: Input<typeof communityApi.listFeatureComments>['params']) {
    return this.comments.list(user, id);
  }

  @Endpoint(communityApi.addFeatureComment)
  async add(@CurrentUser() user: AuthUser, @ParsedParams() { id }: Input<typeof communityApi.addFeatureComment>['params'], @ParsedBody() { body }: Body) {
    return { data: await this.comments.add(user, id, body) };
  }

  @Endpoint(communityApi.editFeatureComment)
  async edit(@CurrentUser() user: AuthUser, @ParsedParams() { id, commentId }: CommentId, @ParsedBody() { body }: Body) {
    return { data: await this.comments.edit(user, id, commentId, body) };
  }

  @Endpoint(communityApi.deleteFeatureComment)
  async remove(@CurrentUser() user: AuthUser, @ParsedParams() { id, commentId }: CommentId) {
    await this.comments.remove(user, id, commentId);
  }
}
