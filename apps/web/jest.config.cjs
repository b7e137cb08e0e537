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
  // A bound, not a target: a test of several page loads took over 60 s on a slow day's 2 cores.
  testTimeout: 120_000,
  // Two files at a time, each on its own worker's stack (files that read the app as a newcomer
  // would start their own), after the other projects in `npm test`, beside the system tests' last
  // files (scripts/test.mjs). One file at a time left the CPU about half idle (waiting on the app
  // and the events between its services); two took 148 s where one took 239 s for the same five
  // files on a quiet 2-core machine.
  maxWorkers: 2,
};
