import { Module } from '@nestjs/common';
import { FeatureRequestsModule } from '../feature-requests/feature-requests.module';
import { ContactController } from './contact.controller';
import { ContactRepository } from './contact.repository';
import { ContactService } from './contact.service';

/** The contact form: messages from anyone, read by moderators. */
@Module({ imports: [FeatureRequestsModule], controllers: [ContactController], providers: [ContactRepository, ContactService] })
export class ContactModule {}
