import { Controller } from '@nestjs/common';
import { AuthUser, communityApi } from '@app/contracts';
import { ClientAddress, CurrentUser, Endpoint, Input, MaybeUser, ParsedBody } from '@app/service-kit';
import { ContactService } from './contact.service';

@Controller()
export class ContactController {
  constructor(private readonly contact: ContactService) {}

  @Endpoint(communityApi.submitContactForm)
  async submit(
    @MaybeUser() user: AuthUser | undefined,
    @ClientAddress() clientAddress: string,
    @ParsedBody() body: Input<typeof communityApi.submitContactForm>['body'],
  ) {
    return { data: { id: await this.contact.submit(user, clientAddress, body) } };
  }

  @Endpoint(communityApi.listContactSubmissions)
  list(@CurrentUser() user: AuthUser) {
    return this.contact.list(user);
  }
}
