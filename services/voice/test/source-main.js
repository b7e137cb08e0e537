// Runs a service's TypeScript main in a plain Node process, compiled on load as the jest preset
// compiles tests, with the workspace libraries from their sources too: a test of the real process
// never runs a stale build. Usage: node test/source-main.js src/main.ts
const fs = require('node:fs');
const Module = require('node:module');
const path = require('node:path');
const { transformSync } = require('@swc/core');

const root = path.join(__dirname, '..', '..', '..');
const libraries = {
  '@app/contracts': 'libs/contracts/src/index.ts',
  '@app/service-kit': 'libs/service-kit/src/index.ts',
  '@app/service-kit/core': 'libs/service-kit/src/core.ts',
};

const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return resolve.call(this, libraries[request] ? path.join(root, libraries[request]) : request, ...rest);
};

require.extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(fs.readFileSync(filename, 'utf8'), {
    filename,
    swcrc: false,
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
  });
  module._compile(code, filename);
};

require(path.resolve(process.argv[2]));
