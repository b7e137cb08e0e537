import { Inject, Injectable } from '@nestjs/common';
import { AuthUser, displayNameMessages, Profile, UpdateProfile } from '@app/contracts';
import { conflict, EventBus, Tx, unauthorized, validationFailed } from '@app/service-kit';
import { CompaniesService } from '../companies/companies.service';
import { ProfilesRepository, UsernameTaken } from './profiles.repository';

@Injectable()
export class ProfilesService {
  constructor(
    private readonly profiles: ProfilesRepository,
    private readonly companies: CompaniesService,
    @Inject(EventBus) private readonly events: EventBus,
  ) {}

  /** The one code path that makes a default profile: the sign-up event and a first read both use it. */
  createDefault(tx: Tx, userId: string): Promise<boolean> {
    return this.profiles.createDefault(tx, userId);
  }

  /**
   * Never a 404 for a signed-in user: when the sign-up event has not been handled yet, the profile
   * is made here, exactly as the event would have made it.
   */
  async get(user: AuthUser): Promise<Profile> {
    return (await this.profiles.find(user.id)) ?? this.ensure(user, (tx) => this.profiles.find(user.id, tx));
  }

  /**
   * Replaces the caller's profile. The company must be one profile knows (from events);
   * `verified_company` is decided here, whatever the client sent: true only for a token whose
   * e-mail identity has confirmed (proof of control) and which is on the company's domain.
   */
  async update(user: AuthUser, change: UpdateProfile): Promise<Profile> {
    let verified = false;
    if (change.current_company_id) {
      const company = await this.companies.find(change.current_company_id);
      if (!company) throw validationFailed({ current_company_id: 'Invalid company ID' });
      verified = user.email_verified && this.companies.isEmployeeEmail(user.email, company);
    }
    try {
      return await this.ensure(user, async (tx) => {
        const profile = await this.profiles.update(tx, user.id, {
          username: change.username,
          current_company_id: change.current_company_id ?? null,
          verified_company: verified,
          years_of_experience: change.years_of_experience ?? null,
          number_of_internships: change.number_of_internships ?? null,
          location: change.location ?? null,
        });
        // Recorded with the change (outbox): community shows "Works at <company>" on Ask a SWE answers by it.
        await this.events.record(tx, 'profile.employment.changed', {
          user_id: user.id,
          company_id: change.current_company_id ?? null,
          verified,
          changed_at: new Date().toISOString(),
        });
        return profile;
      });
    } catch (err) {
      if (err instanceof UsernameTaken) throw conflict(displayNameMessages.usernameTaken, { username: displayNameMessages.usernameTaken });
      throw err;
    }
  }

  /**
   * The account's address is proven (identity.user.confirmed): the badge is checked again against
   * the company the profile names, so a Stripe address confirmed after Stripe was chosen shows as
   * Verified without saving the profile again, and an address changed to another domain loses it.
   */
  async recheckVerification(tx: Tx, userId: string, emailDomain: string | null): Promise<void> {
    const profile = await this.profiles.find(userId, tx);
    if (!profile?.current_company_id) return;
    const company = await this.companies.find(profile.current_company_id);
    const verified = !!company && this.companies.isEmployeeDomain(emailDomain, company);
    const changed = await this.profiles.setVerified(tx, userId, verified);
    if (!changed) return;
    await this.events.record(tx, 'profile.employment.changed', {
      user_id: userId,
      company_id: changed.current_company_id,
      verified,
      changed_at: new Date().toISOString(),
    });
  }

  /** The day of the caller's next interview, or null to clear it. */
  /** Recorded with the change (outbox): practice's calendar feed keeps its own copy of the day. */
  setInterviewDate(user: AuthUser, day: string | null): Promise<Profile> {
    return this.ensure(user, async (tx) => {
      const profile = await this.profiles.setInterviewDate(tx, user.id, day);
      await this.events.record(tx, 'profile.interview_date.set', { user_id: user.id, interview_date: day, set_at: new Date().toISOString() });
      return profile;
    });
  }

  /** Runs `work` in a transaction in which the caller's profile is sure to exist. */
  private ensure(user: AuthUser, work: (tx: Tx) => Promise<Profile | undefined>): Promise<Profile> {
    return this.profiles.db.transaction(async (tx) => {
      // A deleted account's access token works until it expires; its profile must not come back.
      if (await this.profiles.isErased(tx, user.id)) throw unauthorized('This account has been deleted');
      await this.createDefault(tx, user.id);
      const profile = await work(tx);
      if (!profile) throw new Error('profile missing right after it was ensured');
      return profile;
    });
  }
}
