import { Controller } from '@nestjs/common';
import { AuthUser, systemDesignApi } from '@app/contracts';
import { CurrentUser, Endpoint, Input, ParsedBody, ParsedParams, ParsedQuery } from '@app/service-kit';
import { SystemDesignService } from './system-design.service';

type In<K extends keyof typeof systemDesignApi> = Input<(typeof systemDesignApi)[K]>;

/** /api/system-design: the caller's own attempts and cards only; another's attempt is a 404. */
@Controller()
export class SystemDesignController {
  constructor(private readonly design: SystemDesignService) {}

  @Endpoint(systemDesignApi.listDesignPrompts)
  list(@CurrentUser() user: AuthUser, @ParsedQuery() query: In<'listDesignPrompts'>['query']) {
    return this.design.list(user, query);
  }

  @Endpoint(systemDesignApi.getDesignPrompt)
  prompt(@CurrentUser() user: AuthUser, @ParsedParams() { slug }: In<'getDesignPrompt'>['params']) {
    return this.design.prompt(user, slug);
  }

  @Endpoint(systemDesignApi.startDesignAttempt)
  async start(
    @CurrentUser() user: AuthUser,
    @ParsedParams() { slug }: In<'startDesignAttempt'>['params'],
    @ParsedBody() body: In<'startDesignAttempt'>['body'],
  ) {
    return { data: await this.design.start(user, slug, body) };
  }

  @Endpoint(systemDesignApi.getDesignAttempt)
  attempt(@CurrentUser() user: AuthUser, @ParsedParams() { id }: In<'getDesignAttempt'>['params']) {
    return this.design.attempt(user, id);
  }

  @Endpoint(systemDesignApi.saveDesignAttempt)
  async save(@CurrentUser() user: AuthUser, @ParsedParams() { id }: In<'saveDesignAttempt'>['params'], @ParsedBody() body: In<'saveDesignAttempt'>['body']) {
    return { data: await this.design.save(user, id, body) };
  }

  @Endpoint(systemDesignApi.submitDesignAttempt)
  async submit(@CurrentUser() user: AuthUser, @ParsedParams() { id }: In<'submitDesignAttempt'>['params']) {
    return { data: await this.design.submit(user, id) };
  }

  @Endpoint(systemDesignApi.rateDesignAttempt)
  async rate(@CurrentUser() user: AuthUser, @ParsedParams() { id }: In<'rateDesignAttempt'>['params'], @ParsedBody() body: In<'rateDesignAttempt'>['body']) {
    return { data: await this.design.rate(user, id, body) };
  }

  @Endpoint(systemDesignApi.publishDesignAttempt)
  async publish(
    @CurrentUser() user: AuthUser,
    @ParsedParams() { id }: In<'publishDesignAttempt'>['params'],
    @ParsedBody() body: In<'publishDesignAttempt'>['body'],
  ) {
    return { data: await this.design.publish(user, id, body) };
  }

  @Endpoint(systemDesignApi.designProgress)
  progress(@CurrentUser() user: AuthUser) {
    return this.design.progress(user);
  }

  @Endpoint(systemDesignApi.reviewConceptCard)
  async review(
    @CurrentUser() user: AuthUser,
    @ParsedParams() { concept }: In<'reviewConceptCard'>['params'],
    @ParsedBody() { grade }: In<'reviewConceptCard'>['body'],
  ) {
    return { data: await this.design.reviewCard(user, concept, grade) };
  }
}
