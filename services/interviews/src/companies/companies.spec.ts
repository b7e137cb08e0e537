import type { Company } from '@app/contracts';
import type { Database, EventBus, Tx } from '@app/service-kit';
import { CompaniesRepository } from './companies.repository';
import { CompaniesService } from './companies.service';

/** The rule without infrastructure: an event goes out, in the same transaction, only for a new company. */
describe('CompaniesService.create', () => {
  const userId = '5d0c1b7e-3f2a-4e6d-9c8b-7a6f5e4d3c2b';
  const company: Company = { id: '8a1f3c1e-0c4b-4f0e-9d7a-1c2b3d4e5f60', name: 'Thunder Labs', website_url: null };
  const tx = { query: jest.fn(), afterCommit: jest.fn() } as unknown as Tx;

  const setUp = (created: boolean) => {
    const db = { transaction: <T>(work: (t: Tx) => Promise<T>) => work(tx) } as unknown as Database;
    const repository = new CompaniesRepository(db);
    const insertOrFind = jest.spyOn(repository, 'insertOrFind').mockResolvedValue({ company, created });
    jest
      .spyOn(repository, 'list')
      .mockResolvedValue([{ id: '2b0c6f0e-9a7d-4c1e-8f3b-6d5e4c3b2a19', name: 'Google', website_url: 'https://www.google.com' }, company]);
    const record = jest.fn().mockResolvedValue(undefined);
    const service = new CompaniesService(repository, { record } as unknown as EventBus);
    return { service, insertOrFind, record };
  };

  it('records interviews.company.created in the creating transaction', async () => {
    const { service, insertOrFind, record } = setUp(true);
    await expect(service.create(userId, { name: 'Thunder Labs' })).resolves.toEqual({ company, created: true });
    expect(insertOrFind).toHaveBeenCalledWith(tx, 'Thunder Labs', null, userId);
    expect(record).toHaveBeenCalledWith(tx, 'interviews.company.created', company);
  });

  it('announces nothing when the company already existed', async () => {
    const { service, record } = setUp(false);
    await expect(service.create(userId, { name: ' thunder labs ', website_url: 'https://thunderlabs.dev' })).resolves.toEqual({ company, created: false });
    expect(record).not.toHaveBeenCalled();
  });

  it.each([
    ['Goog1e', 'Company name looks like the existing company "Google"'],
    ['G00GLE', 'Company name looks like the existing company "Google"'],
    ['Thunder Iabs', 'Company name looks like the existing company "Thunder Labs"'],
    ['Gооgle', 'Company name mixes letters of different scripts'],
    ['Аpple', 'Company name mixes letters of different scripts'],
  ])('refuses %p, a look-alike, with a 400 on the name', async (name, message) => {
    const { service, insertOrFind } = setUp(true);
    const failure = await service.create(userId, { name }).catch((e) => e);
    expect(failure.status).toBe(400);
    expect(failure.toEnvelope()).toEqual({ error: { code: 'validation_failed', message, fields: { name: message } } });
    expect(insertOrFind).not.toHaveBeenCalled();
  });

  it.each(['google', 'Googleplex', 'Яндекс', 'トヨタ Toyota', 'Café Nero'])('accepts %p', async (name) => {
    const { service, insertOrFind } = setUp(true);
    await service.create(userId, { name });
    expect(insertOrFind).toHaveBeenCalled();
  });
});
