import { TestEnvironment } from '../src/testing';
import { bootstrapHooks, fixtureService } from './fixture/fixture.service';

describe('a service start', () => {
  let env: TestEnvironment;
  beforeAll(async () => {
    env = await TestEnvironment.create();
  });
  afterAll(() => env.close());

  it('runs start-up hooks once, though the event handlers are served by a second (microservice) context', async () => {
    const before = bootstrapHooks.calls;
    await env.start(fixtureService);
    expect(bootstrapHooks.calls - before).toBe(1);
  });
});
