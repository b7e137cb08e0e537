// Each file starts whole stacks and loads them (fuzz, overload, concurrent writes), or starts
// Postgres itself (the launcher): one file at a time, beside the other projects' tests and then the
// browser tests in `npm test` (scripts/test.mjs). Two files at a time on 2 cores timed out
// connecting to Postgres while the launcher test ran initdb.
module.exports = { ...require('../../jest.preset.js'), rootDir: __dirname, testTimeout: 60_000, maxWorkers: 1 };
