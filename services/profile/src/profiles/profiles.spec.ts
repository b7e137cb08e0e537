import type { AuthUser, Company, Profile } from '@app/contracts';
import { AppError, Database, EventBus, EventContext, Tx } from '@app/service-kit';
import { CompaniesService } from '../companies/companies.service';
import { ProfileChange, ProfilesRepository, UsernameTaken } from './profiles.repository';
import { ProfilesEvents } from './profiles.events';
import { ProfilesService } from './profiles.service';

/** The service's rules with the database faked: who decides verified_company, and what each failure becomes. */
describe('ProfilesService', () => {
  const google: Company = { id: '8a1f3c1e-0c4b-4f0e-9d7a-1c2b3d4e5f60', name: 'Google', website_url: 'https://www.google.com' };
  const user = (email: string | null, emailVerified = true): AuthUser => ({
    id: '0d6c1a52-3f0a-4a4e-8d36-5a8f2b3c4d5e',
    email,
    email_verified: emailVerified,
    role: 'authenticated',
    session_id: null,
    app_metadata: {},
    user_metadata: {},
  });
  const tx = { query: jest.fn(), afterCommit: jest.fn() } as unknown as Tx;

  const setUp = () => {
    const db = { transaction: <T>(work: (t: Tx) => Promise<T>) => work(tx) } as unknown as Database;
    const repository = new ProfilesRepository(db);
    const createDefault = jest.spyOn(repository, 'createDefault').mockResolvedValue(false);
    const update = jest
      .spyOn(repository, 'update')
      .mockImplementation(async (_tx, _id, change: ProfileChange) => ({ ...change, created_at: 'c', updated_at: 'u' }) as Profile);
    const find = jest.spyOn(repository, 'find').mockResolvedValue(undefined);
    jest.spyOn(repository, 'isErased').mockResolvedValue(false);
    const companies = {
      find: jest.fn(async (id: string) => (id === google.id ? google : undefined)),
      isEmployeeEmail: CompaniesService.prototype.isEmployeeEmail,
    };
    const service = new ProfilesService(repository, companies as unknown as CompaniesService, { record: jest.fn() } as unknown as EventBus);
    const events = new ProfilesEvents(service, repository);
    return { service, events, createDefault, update, find };
  };

  it.each([
    ['jane@eng.google.com', false, true],
    ['jane@google.com', undefined, true],
    ['jane@notgoogle.com', true, false],
    [null, true, false],
  ])('an account with e-mail %s sending verified_company=%s gets %s', async (email, sent, expected) => {
    const { service } = setUp();
    const saved = await service.update(user(email), { username: 'jane', current_company_id: google.id, verified_company: sent });
    expect(saved.verified_company).toBe(expected);
  });

  it.each([
    ['jane@google.com', false],
    ['jane@eng.google.com', false],
  ])('an account whose e-mail %s is unconfirmed is not verified (confirmed=%s), whatever it sends', async (email, confirmed) => {
    const { service } = setUp();
    const saved = await service.update(user(email, confirmed), { username: 'jane', current_company_id: google.id, verified_company: true });
    expect(saved.verified_company).toBe(false);
  });

  it('is never verified without a company', async () => {
    const { service, update } = setUp();
    await service.update(user('jane@google.com'), { username: 'jane', current_company_id: null, verified_company: true });
    expect(update.mock.calls[0][2]).toMatchObject({ current_company_id: null, verified_company: false });
  });

  it('refuses a company it has not heard of with the spec’s message', async () => {
    const { service, update } = setUp();
    const failure = await service.update(user('a@b.co'), { username: 'jane', current_company_id: '2b0c6f0e-9a7d-4c1e-8f3b-6d5e4c3b2a19' }).catch((e) => e);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure.toEnvelope()).toEqual({
      error: { code: 'validation_failed', message: 'Invalid company ID', fields: { current_company_id: 'Invalid company ID' } },
    });
    expect(update).not.toHaveBeenCalled();
  });

  it('turns a username clash into a 409 on the username field', async () => {
    const { service, update } = setUp();
    update.mockRejectedValueOnce(new UsernameTaken());
    const failure = await service.update(user('a@b.co'), { username: 'taken' }).catch((e) => e);
    expect(failure.status).toBe(409);
    expect(failure.toEnvelope()).toEqual({
      error: { code: 'conflict', message: 'Username is already taken', fields: { username: 'Username is already taken' } },
    });
  });

  it('makes the default profile when a read finds none, through the event’s code path', async () => {
    const { service, events, createDefault, find } = setUp();
    const profile = { username: 'jane' } as Profile;
    find.mockResolvedValueOnce(undefined).mockResolvedValueOnce(profile);
    await expect(service.get(user('jane@example.com'))).resolves.toBe(profile);
    expect(createDefault).toHaveBeenCalledWith(tx, user(null).id);

    await events.onUserRegistered({ user_id: 'u-1', created_at: 'now' }, new EventContext([tx, {} as never]));
    expect(createDefault).toHaveBeenLastCalledWith(tx, 'u-1');
  });
});
