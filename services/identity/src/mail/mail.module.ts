import { Module } from '@nestjs/common';
import { MailOutbox } from './mail-outbox';
import { Mailer } from './mailer';

/** Identity's mail: queued with its cause in the mail outbox, sent after commit (the Mailer is the outbox's alone). */
@Module({ providers: [Mailer, MailOutbox], exports: [MailOutbox] })
export class MailModule {}
