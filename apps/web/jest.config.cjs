// Browser tests: a stack per worker started once (e2e/global-setup), Chromium driven by playwright-core.
const preset = require('../../jest.preset.js');

module.exports = {
  ...preset,
  rootDir: __dirname,
  // The app's own '@/...' imports (vite.config and tsconfig), for specs of its components.
  moduleNameMapper: { ...preset.moduleNameMapper, '^@/(.*)$': '<rootDir>/src/$1' },
  testMatch: ['<rootDir>/e2e/**/*.e2e.ts', '<rootDir>/src/**/*.spec.ts'],
  globalSetup: '<rootDir>/e2e/global-setup.cjs',
  globalTeardown: '<rootDir>/e2e/global-teardown.cjs',
  testTimeout: 60_000,
  // Two files at a time, each on its worker's own stack. They run last in `npm test`, alone (their
  // nx target waits for the system tests): beside the other projects on 2 cores, spoken answers
  // and page loads missed their deadlines.
  maxWorkers: 2,
};
