import { Controller } from '@nestjs/common';
import { AuthUser, Profile, profileApi } from '@app/contracts';
import { CurrentUser, Endpoint, Input, ParsedBody } from '@app/service-kit';
import { ProfilesService } from './profiles.service';

/** Only ever the caller's own profile: no route takes a user id; the user is the verified token's. */
@Controller()
export class ProfilesController {
  constructor(private readonly profiles: ProfilesService) {}

  @Endpoint(profileApi.getProfile)
  get(@CurrentUser() user: AuthUser): Promise<Profile> {
    return this.profiles.get(user);
  }

  @Endpoint(profileApi.updateProfile)
  async update(@CurrentUser() user: AuthUser, @ParsedBody() body: Input<typeof profileApi.updateProfile>['body']): Promise<{ data: Profile }> {
    return { data: await this.profiles.update(user, body) };
  }

  @Endpoint(profileApi.setInterviewDate)
  async setInterviewDate(@CurrentUser() user: AuthUser, @ParsedBody() body: Input<typeof profileApi.setInterviewDate>['body']): Promise<{ data: Profile }> {
    return { data: await this.profiles.setInterviewDate(user, body.interview_date) };
  }
}
