import { Inject, Module, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { SERVICE_CONFIG } from '@app/service-kit';
import { FeatureRequestsModule } from '../feature-requests/feature-requests.module';
import type { CommunityConfig } from '../service';
import { ContactController } from './contact.controller';
import { ContactRepository } from './contact.repository';
import { ContactService } from './contact.service';

/** The contact form: messages from anyone, read by moderators. */
@Module({ imports: [FeatureRequestsModule], controllers: [ContactController], providers: [ContactRepository, ContactService] })
export class ContactModule implements OnModuleInit {
  constructor(
    private readonly adapter: HttpAdapterHost,
    @Inject(SERVICE_CONFIG) private readonly config: CommunityConfig,
  ) {}

  onModuleInit(): void {
    // req.ip then believes X-Forwarded-For only from the proxies named in TRUST_PROXY.
    (this.adapter.httpAdapter.getInstance() as { set(name: string, value: unknown): void }).set('trust proxy', this.config.TRUST_PROXY);
  }
}
