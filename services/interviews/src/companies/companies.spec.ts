import type { Company } from '@app/contracts';
import type { Database, EventBus, Tx } from '@app/service-kit';
import { CompaniesRepository } from './companies.repository';
import { CompaniesService } from './companies.service';

/** The rule without infrastructure: an event goes out, in the same transaction, only for a new company. */
describe('CompaniesService.create', () => {
  const company: Company = { id: '8a1f3c1e-0c4b-4f0e-9d7a-1c2b3d4e5f60', name: 'Thunder Labs', website_url: null };
  const tx = { query: jest.fn(), afterCommit: jest.fn() } as unknown as Tx;

  const setUp = (created: boolean) => {
    const db = { transaction: <T>(work: (t: Tx) => Promise<T>) => work(tx) } as unknown as Database;
    const repository = new CompaniesRepository(db);
    const insertOrFind = jest.spyOn(repository, 'insertOrFind').mockResolvedValue({ company, created });
    const record = jest.fn().mockResolvedValue(undefined);
    const service = new CompaniesService(repository, { record } as unknown as EventBus);
    return { service, insertOrFind, record };
  };

  it('records interviews.company.created in the creating transaction', async () => {
    const { service, insertOrFind, record } = setUp(true);
    await expect(service.create({ name: 'Thunder Labs' })).resolves.toEqual({ company, created: true });
    expect(insertOrFind).toHaveBeenCalledWith(tx, 'Thunder Labs', null);
    expect(record).toHaveBeenCalledWith(tx, 'interviews.company.created', company);
  });

  it('announces nothing when the company already existed', async () => {
    const { service, record } = setUp(false);
    await expect(service.create({ name: ' thunder labs ', website_url: 'https://thunderlabs.dev' })).resolves.toEqual({ company, created: false });
    expect(record).not.toHaveBeenCalled();
  });
});
