import { Controller, UseGuards } from '@nestjs/common';
import { identityApi } from '@app/contracts';
import { Endpoint, Input, ParsedBody } from '@app/service-kit';
import { SupabaseWebhookSecretGuard } from './supabase-webhook.guard';
import { SupabaseWebhookService } from './supabase-webhook.service';

/** The Database Webhook a real Supabase project calls on auth.users INSERT and DELETE (README: real Supabase). */
@Controller()
@UseGuards(SupabaseWebhookSecretGuard)
export class SupabaseWebhookController {
  constructor(private readonly webhook: SupabaseWebhookService) {}

  @Endpoint(identityApi.supabaseUserWebhook)
  userChanged(@ParsedBody() change: Input<typeof identityApi.supabaseUserWebhook>['body']) {
    return this.webhook.handle(change);
  }
}
