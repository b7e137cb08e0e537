import { Controller } from '@nestjs/common';
import { AuthUser, communityApi } from '@app/contracts';
import { CurrentUser, Endpoint, Input, ParsedBody, ParsedParams, ParsedQuery } from '@app/service-kit';
import { FeatureRequestsService } from './feature-requests.service';

type Id = Input<typeof communityApi.featureInteractions>['params'];

@Controller()
export class FeatureRequestsController {
  constructor(private readonly features: FeatureRequestsService) {}

  @Endpoint(communityApi.listFeatureRequests)
  list(@CurrentUser() user: AuthUser, @ParsedQuery() query: Input<typeof communityApi.listFeatureRequests>['query']) {
    return this.features.list(user, query);
  }

  /** Declared before the :id routes, so "whats-new" is never read as a request's id. */
  @Endpoint(communityApi.listShippedFeatures)
  shipped() {
    return this.features.shipped();
  }

  @Endpoint(communityApi.getFeatureRequest)
  async detail(@CurrentUser() user: AuthUser, @ParsedParams() { id }: Id) {
    return { data: await this.features.detail(user, id) };
  }

  @Endpoint(communityApi.editFeatureRequest)
  async editText(@CurrentUser() user: AuthUser, @ParsedParams() { id }: Id, @ParsedBody() text: Input<typeof communityApi.editFeatureRequest>['body']) {
    return { data: await this.features.editText(user, id, text) };
  }

  @Endpoint(communityApi.mergeFeatureRequest)
  async merge(@CurrentUser() user: AuthUser, @ParsedParams() { id }: Id, @ParsedBody() { into_id }: Input<typeof communityApi.mergeFeatureRequest>['body']) {
    return { data: await this.features.merge(user, id, into_id) };
  }

  @Endpoint(communityApi.moderateFeatureRequest)
  async moderate(
    @CurrentUser() user: AuthUser,
    @ParsedParams() { id }: Id,
    @ParsedBody() { status, reason }: Input<typeof communityApi.moderateFeatureRequest>['body'],
  ) {
    return { data: await this.features.moderate(user, id, status, reason) };
  }

  @Endpoint(communityApi.featureInteractions)
  interactions(@CurrentUser() user: AuthUser, @ParsedParams() { id }: Id) {
    return this.features.interactionsOf(user, id);
  }

  /** The body is checked (interaction_type 'upvote') by the declaration; upvotes are the only kind. */
  @Endpoint(communityApi.upvoteFeature)
  async upvote(@CurrentUser() user: AuthUser, @ParsedParams() { id }: Id, @ParsedBody() _body: Input<typeof communityApi.upvoteFeature>['body']) {
    return { data: await this.features.upvote(user, id) };
  }

  @Endpoint(communityApi.subscribeToFeature)
  subscribe(@CurrentUser() user: AuthUser, @ParsedParams() { id }: Id) {
    return this.features.setSubscription(user, id, true);
  }

  @Endpoint(communityApi.unsubscribeFromFeature)
  unsubscribe(@CurrentUser() user: AuthUser, @ParsedParams() { id }: Id) {
    return this.features.setSubscription(user, id, false);
  }

  @Endpoint(communityApi.removeFeatureInteraction)
  async remove(@CurrentUser() user: AuthUser, @ParsedParams() { id, interactionId }: Input<typeof communityApi.removeFeatureInteraction>['params']) {
    await this.features.removeInteraction(user, id, interactionId);
  }
}
