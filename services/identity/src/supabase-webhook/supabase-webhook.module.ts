import { Module } from '@nestjs/common';
import { SupabaseWebhookController } from './supabase-webhook.controller';
import { SupabaseWebhookSecretGuard } from './supabase-webhook.guard';
import { SupabaseWebhookService } from './supabase-webhook.service';

@Module({
  controllers: [SupabaseWebhookController],
  providers: [SupabaseWebhookService, SupabaseWebhookSecretGuard],
})
export class SupabaseWebhookModule {}
