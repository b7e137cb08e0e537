module.exports = { ...require('../../jest.preset.js'), rootDir: __dirname, testTimeout: 30_000 };
