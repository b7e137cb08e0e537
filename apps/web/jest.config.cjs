// Browser tests: the whole stack started once (e2e/global-setup), Chromium driven by playwright-core.
const preset = require('../../jest.preset.js');

module.exports = {
  ...preset,
  rootDir: __dirname,
  // The app's own '@/...' imports (vite.config and tsconfig), for specs of its components.
  moduleNameMapper: { ...preset.moduleNameMapper, '^@/(.*)$': '<rootDir>/src/$1' },
  testMatch: ['<rootDir>/e2e/**/*.e2e.ts', '<rootDir>/src/**/*.spec.ts'],
  globalSetup: '<rootDir>/e2e/global-setup.cjs',
  globalTeardown: '<rootDir>/e2e/global-teardown.cjs',
  testSequencer: '<rootDir>/e2e/sequencer.cjs',
  testTimeout: 60_000,
  maxWorkers: 1,
};
