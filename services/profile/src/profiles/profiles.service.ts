import { Inject, Injectable } from '@nestjs/common';
import type { AuthUser, Profile, UpdateProfile } from '@app/contracts';
import { conflict, EventBus, validationFailed } from '@app/service-kit';
import { CompanyDirectory } from '../companies/company-directory';
import { ProfilesRepository } from './profiles.repository';
import { emailMatchesWebsite } from './username';

@Injectable()
export class ProfilesService {
  constructor(
    private readonly profiles: ProfilesRepository,
    private readonly companies: CompanyDirectory,
    @Inject(EventBus) events: EventBus,
  ) {
    events.on({
      name: 'profile.user-registered',
      type: 'identity.user.registered',
      handle: (user, tx) => this.profiles.ensure(tx, user.user_id, user.email),
    });
  }

  /** Never a 404 for a signed-in user: the profile is made here if the sign-up event is late. */
  async get(user: AuthUser): Promise<Profile> {
    return this.profiles.db.transaction(async (tx) => {
      await this.profiles.ensure(tx, user.id, user.email ?? `${user.id}@unknown`);
      return (await this.profiles.get(user.id, tx))!;
    });
  }

  /** `verified_company` is the server's to decide: the account's e-mail must be on the company's domain. */
  async update(user: AuthUser, change: UpdateProfile): Promise<Profile> {
    const company = change.current_company_id ? await this.companies.find(change.current_company_id) : undefined;
    if (change.current_company_id && !company) throw validationFailed({ current_company_id: 'Invalid company ID' });
    const verified = company ? emailMatchesWebsite(user.email, company.website_url) : false;
    const result = await this.profiles.db.transaction(async (tx) => {
      await this.profiles.ensure(tx, user.id, user.email ?? `${user.id}@unknown`);
      return this.profiles.update(tx, user.id, { ...change, verified_company: verified });
    });
    if (result === 'username_taken') throw conflict('Username is already taken', { username: 'Username is already taken' });
    return result;
  }
}
