// Browser tests: the whole stack started once (e2e/global-setup), Chromium driven by playwright-core.
module.exports = {
  ...require('../../jest.preset.js'),
  rootDir: __dirname,
  testMatch: ['<rootDir>/e2e/**/*.e2e.ts', '<rootDir>/src/**/*.spec.ts'],
  globalSetup: '<rootDir>/e2e/global-setup.cjs',
  globalTeardown: '<rootDir>/e2e/global-teardown.cjs',
  testTimeout: 60_000,
  maxWorkers: 1,
};
