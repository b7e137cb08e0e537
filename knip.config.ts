import type { KnipConfig } from 'knip';

/**
 * Dead code and dependencies (issue 25): what a workspace imports is in its own package.json, and
 * no file, export or dependency is unused. Entries marked `!` are production code; `npm run lint`
 * also runs `knip --strict`, which checks them against each workspace's own `dependencies` only
 * (no root devDependencies, no hoisting).
 */
const service = {
  // main.ts runs the service, index.ts is what the system tests import, admin.ts backs `npm run admin`.
  entry: ['src/{main,index,admin}.ts!', 'src/**/*.spec.ts', 'test/**/*.ts'],
  project: ['src/**/*.ts!', 'test/**/*.ts'],
};

const config: KnipConfig = {
  workspaces: {
    '.': {
      // The launcher, operator commands and benchmarks: tools of a checkout (devDependencies), not a deployed package.
      entry: ['scripts/*.mjs', 'bench/**/*.mjs', 'jest.preset.js'],
      project: ['scripts/**/*.mjs', 'bench/**/*.mjs', '*.{js,mjs,ts}'],
      // The HTTP load generator the gateway benchmark runs when present, and the recogniser the voice
      // benchmark reads speech back with: both come from the OS (Debian), not npm.
      ignoreBinaries: ['wrk', 'pocketsphinx_continuous'],
    },
    'libs/contracts': {
      entry: ['src/**/*.spec.ts'],
      project: ['src/**/*.ts!'],
    },
    'libs/service-kit': {
      // provision-streams.ts is the Kubernetes job event-streams' command (deploy/k8s/base/event-streams.yaml).
      entry: ['src/{index,core}.ts!', 'src/events/provision-streams.ts!', 'src/**/*.spec.ts', 'test/**/*.ts'],
      project: ['src/**/*.ts!', '!src/testing/**!', 'test/**/*.ts'],
      ignoreBinaries: ['nats-server', 'openssl'],
    },
    'services/*': service,
    'apps/gateway': service,
    'apps/web': {
      // src/prerender.tsx: built for Node by the build script, rendered into index.html.
      entry: ['e2e/**/*.{ts,cjs}', 'src/**/*.spec.ts', 'scripts/*.mjs!', 'src/prerender.tsx!'],
      project: ['src/**/*.{ts,tsx}!', 'e2e/**/*.{ts,cjs}', 'scripts/*.mjs!'],
      // Imported by src/index.css (`@import 'tailwindcss'`), which knip does not read.
      ignoreDependencies: ['tailwindcss'],
    },
    'tests/deploy': { entry: ['**/*.spec.ts'], project: ['**/*.ts'] },
    'tests/system': {
      entry: ['**/*.spec.ts'],
      project: ['**/*.ts'],
    },
  },
};

export default config;
