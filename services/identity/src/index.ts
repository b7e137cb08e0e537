export { identityService } from './service';
export type { IdentityConfig } from './service';
export { readMailbox } from './mail/mailbox';
export type { MailboxMessage } from './mail/mailbox';
