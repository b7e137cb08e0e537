import { Controller, Req } from '@nestjs/common';
import { AuthUser, communityApi } from '@app/contracts';
import { CurrentUser, Endpoint, Input, MaybeUser, ParsedBody } from '@app/service-kit';
import type { Request } from 'express';
import { ContactService } from './contact.service';

/**
 * The client's address: the peer's, or what X-Forwarded-For says when the peer is a trusted proxy
 * (TRUST_PROXY, applied to the app by ContactModule), so nobody else can choose their address.
 */
const clientAddress = (req: Request) => req.ip ?? req.socket.remoteAddress ?? 'unknown';

@Controller()
export class ContactController {
  constructor(private readonly contact: ContactService) {}

  @Endpoint(communityApi.submitContactForm)
  async submit(@MaybeUser() user: AuthUser | undefined, @Req() req: Request, @ParsedBody() body: Input<typeof communityApi.submitContactForm>['body']) {
    return { data: { id: await this.contact.submit(user, clientAddress(req), body) } };
  }

  @Endpoint(communityApi.listContactSubmissions)
  list(@CurrentUser() user: AuthUser) {
    return this.contact.list(user);
  }
}
