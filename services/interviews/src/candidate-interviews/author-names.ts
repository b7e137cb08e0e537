import { Inject, Injectable } from '@nestjs/common';
import { profileApi, profileSchema } from '@app/contracts';
import { AppError, SERVICE_CONFIG } from '@app/service-kit';
import type { InterviewsConfig } from '../config';

/**
 * The caller's username, asked of profile (which owns it) with the caller's own token, so nobody can
 * put another's name on a card. Asked only when the author chooses to show it.
 */
@Injectable()
export class AuthorNames {
  constructor(@Inject(SERVICE_CONFIG) private readonly config: InterviewsConfig) {}

  async usernameOf(authorization: string): Promise<string> {
    const failed = () => new AppError('upstream_unavailable', 'Your username could not be read just now; try again, or share without it');
    let res: Response;
    try {
      res = await fetch(new URL(profileApi.getProfile.path, this.config.PROFILE_URL), {
        headers: { Authorization: authorization },
        signal: AbortSignal.timeout(5_000),
      });
    } catch {
      throw failed();
    }
    if (!res.ok) throw failed();
    const profile = profileSchema.safeParse(await res.json());
    if (!profile.success) throw failed();
    return profile.data.username;
  }
}
