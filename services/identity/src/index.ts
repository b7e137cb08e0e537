export { identityService } from './service';
export type { IdentityConfig } from './config';
export { readMailbox } from './mail/mailbox';
export type { MailboxMessage } from './mail/mailbox';
