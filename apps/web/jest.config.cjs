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
  // One file at a time, on one stack (files that read the app as a newcomer would start their
  // own), and last in `npm test`, alone (their nx target waits for the system tests). Each file
  // drives Chromium and a stack, so on 2 cores two at a time took each file about twice as long
  // (1,474 s in all against 700-1,281 s in a row) and axe over every screen missed its 180 s.
  maxWorkers: 1,
};
