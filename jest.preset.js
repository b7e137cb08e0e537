// Shared jest setup: SWC compiles TypeScript (with Nest's decorator metadata) and workspace
// libraries resolve to their sources, so tests never depend on a stale build.
const path = require('node:path');

module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.(t|j)sx?$': [
      require.resolve('@swc/jest'),
      {
        swcrc: false,
        jsc: {
          parser: { syntax: 'typescript', decorators: true, tsx: true },
          transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  moduleNameMapper: {
    '^@app/contracts$': path.join(__dirname, 'libs/contracts/src/index.ts'),
    '^@app/service-kit$': path.join(__dirname, 'libs/service-kit/src/index.ts'),
    '^@app/service-kit/core$': path.join(__dirname, 'libs/service-kit/src/core.ts'),
    '^@app/service-kit/testing$': path.join(__dirname, 'libs/service-kit/src/testing/index.ts'),
    '^@app/gateway$': path.join(__dirname, 'apps/gateway/src/index.ts'),
    // Every other @app/<name> is a service: services/<name>/src (the registry's names).
    '^@app/(?!contracts$|service-kit|gateway$|web$)([a-z0-9-]+)$': path.join(__dirname, 'services/$1/src/index.ts'),
  },
  // pg-boss and some of its dependencies are published as ES modules only: compiled like the sources.
  transformIgnorePatterns: ['/node_modules/(?!(pg-boss|serialize-error|non-error|rrule-temporal)/)'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  // Each project's tests, time and failures are repeated at the end of a whole `npm test` (scripts/test-summary.cjs).
  reporters: ['default', path.join(__dirname, 'scripts/test-summary.cjs')],
  // Two test files at a time in every project: most of a file's time here is waiting (on Postgres,
  // NATS, timers, a spoken answer), so two of them share 2 cores without starving each other;
  // jest's own default on 2 cores is one.
  maxWorkers: 2,
  // A hook or test that starts services, on 2 cores shared with the system tests and a second
  // project, can take several times its quiet time: jest's 5 s failed a service's start (CI, load 15).
  testTimeout: 30_000,
  // Reconnecting NATS clients and pooled sockets can outlive a suite by a few seconds; a CI run
  // must not wait on them.
  forceExit: true,
};
