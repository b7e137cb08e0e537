import { createHash, timingSafeEqual } from 'node:crypto';
import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { notFound, SERVICE_CONFIG, unauthorized } from '@app/service-kit';
import type { Request } from 'express';
import type { IdentityConfig } from '../config';

const webhookSecretHeader = 'x-webhook-secret';

/** Both sides hashed first, so the comparison takes the same time whatever the length or content sent. */
const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Lets through only the project that knows SUPABASE_WEBHOOK_SECRET (the header configured on the
 * webhook in the Supabase dashboard); checked before the body is read, so a stranger learns nothing.
 */
@Injectable()
export class SupabaseWebhookSecretGuard implements CanActivate {
  private readonly expected?: Buffer;

  constructor(@Inject(SERVICE_CONFIG) config: IdentityConfig) {
    this.expected = config.SUPABASE_WEBHOOK_SECRET ? digest(config.SUPABASE_WEBHOOK_SECRET) : undefined;
  }

  canActivate(context: ExecutionContext): boolean {
    if (!this.expected) throw notFound('No Supabase webhook is configured here (SUPABASE_WEBHOOK_SECRET is unset)');
    const sent = context.switchToHttp().getRequest<Request>().headers[webhookSecretHeader];
    if (typeof sent !== 'string' || !timingSafeEqual(digest(sent), this.expected)) throw unauthorized('Wrong or missing X-Webhook-Secret');
    return true;
  }
}
