import { readFileSync } from 'node:fs';
import path from 'node:path';
import { serviceNames } from '@app/contracts';
import { communityService } from '@app/community';
import { gatewayConfigShape } from '@app/gateway';
import { identityService } from '@app/identity';
import { interviewsService } from '@app/interviews';
import { practiceService } from '@app/practice';
import { profileService } from '@app/profile';
import { configurationMarkdown } from '@app/service-kit/core';
import { voiceService } from '@app/voice';
import { repoRoot } from './manifests';

/** In the registry's order, as scripts/configuration-reference.mjs takes them. */
const services = [identityService, interviewsService, practiceService, communityService, profileService, voiceService];

describe('docs/configuration.md', () => {
  it('lists every service of the registry (a new one: import its definition above)', () => {
    expect(services.map((s) => s.name)).toEqual(serviceNames);
  });

  it('is what the config schemas say today (run `npm run docs:config` after changing one)', () => {
    const file = readFileSync(path.join(repoRoot, 'docs', 'configuration.md'), 'utf8');
    expect(file).toBe(configurationMarkdown(gatewayConfigShape, services));
  });
});
