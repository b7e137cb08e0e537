// The failed tests of a whole `npm test`, repeated at its very end. The projects' output streams
// one after another, so a failure early in a long run (the browser tests run before the system
// tests) scrolls out of what a CI log's tail shows; each jest run records its failures here (as a
// reporter of the shared preset) and `npm test` prints them all after the last project.
//   node scripts/test-failures.cjs clear | print
const fs = require('node:fs');
const path = require('node:path');

const dir = path.join(__dirname, '..', 'test-results', 'failures');
/** Lines of each failure message kept: the assertion and where it failed, not the whole stack. */
const messageLines = 12;

class FailedTestsReporter {
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir;
  }

  onRunComplete(_contexts, results) {
    const failures = [];
    for (const file of results.testResults) {
      const where = path.relative(path.join(__dirname, '..'), file.testFilePath);
      if (file.testExecError) failures.push(`${where}: ${firstLines(file.testExecError.message)}`);
      for (const test of file.testResults) {
        if (test.status === 'failed') failures.push(`${where} › ${test.fullName}\n${firstLines(test.failureMessages.join('\n'))}`);
      }
    }
    if (failures.length === 0) return;
    fs.mkdirSync(dir, { recursive: true });
    const name = path.relative(path.join(__dirname, '..'), this.rootDir).replace(/[\\/]/g, '-') || 'root';
    fs.writeFileSync(path.join(dir, `${name}.txt`), `${failures.join('\n\n')}\n`);
  }
}

function firstLines(text) {
  return text
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .filter((line) => line.trim() && !/node_modules|node:internal|<anonymous>/.test(line))
    .slice(0, messageLines)
    .map((line) => `    ${line.trim()}`)
    .join('\n');
}

if (require.main === module) {
  const command = process.argv[2];
  if (command === 'clear') fs.rmSync(dir, { recursive: true, force: true });
  else if (command === 'print') {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
    for (const file of files) console.log(`\nFailed in ${file.replace(/\.txt$/, '')}:\n${fs.readFileSync(path.join(dir, file), 'utf8')}`);
  } else {
    console.error('usage: node scripts/test-failures.cjs clear | print');
    process.exit(2);
  }
}

module.exports = FailedTestsReporter;
