// Each file starts whole stacks and loads them: in `npm test` they run after the other projects'
// tests and before the browser tests (their nx target's dependsOn), never beside either.
module.exports = { ...require('../../jest.preset.js'), rootDir: __dirname, testTimeout: 60_000 };
