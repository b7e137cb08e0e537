export { identityService } from './service';
export type { IdentityConfig } from './service';
