import { Body, Controller, Get, Put } from '@nestjs/common';
import { AuthUser, Profile, UpdateProfile, updateProfileSchema } from '@app/contracts';
import { CurrentUser, ZodPipe } from '@app/service-kit';
import { ProfilesService } from './profiles.service';

/** Only ever the caller's own profile: no route takes a user id; the user is the verified token's. */
@Controller('api/profile')
export class ProfilesController {
  constructor(private readonly profiles: ProfilesService) {}

  @Get()
  get(@CurrentUser() user: AuthUser): Promise<Profile> {
    return this.profiles.get(user);
  }

  @Put()
  async update(@CurrentUser() user: AuthUser, @Body(new ZodPipe(updateProfileSchema)) body: UpdateProfile): Promise<{ data: Profile }> {
    return { data: await this.profiles.update(user, body) };
  }
}
