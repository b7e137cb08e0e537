// What a whole `npm test` ran, repeated at its very end: each project's tests and time, the total,
// and every failure. Projects run side by side and their output interleaves, so a failure early in
// a long run scrolls out of what a CI log's tail shows; each jest run records its figures here (as
// a reporter of the shared preset) and `npm test` prints them all after the last project.
//   node scripts/test-summary.cjs clear | print
const fs = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..');
const dir = path.join(root, 'test-results', 'summary');
const runStartedFile = path.join(dir, 'started');
/** Lines of each failure message kept: the assertion and where it failed, not the whole stack. */
const messageLines = 12;

class TestSummaryReporter {
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir;
  }

  onRunStart() {
    this.startedAt = Date.now();
  }

  onRunComplete(_contexts, results) {
    const failures = [];
    for (const file of results.testResults) {
      const where = path.relative(root, file.testFilePath);
      if (file.testExecError) failures.push(`${where}: ${firstLines(file.testExecError.message)}`);
      for (const test of file.testResults) {
        if (test.status === 'failed') failures.push(`${where} › ${test.fullName}\n${firstLines(test.failureMessages.join('\n'))}`);
      }
    }
    const project = path.relative(root, this.rootDir) || '.';
    const record = {
      project,
      passed: results.numPassedTests,
      failed: results.numFailedTests + results.numRuntimeErrorTestSuites,
      skipped: results.numPendingTests + results.numTodoTests,
      seconds: (Date.now() - this.startedAt) / 1000,
      failures,
    };
    fs.mkdirSync(dir, { recursive: true });
    // A project may run more than once (the system tests: chaos alone, then the rest): a file per run.
    fs.writeFileSync(path.join(dir, `${project.replace(/[\\/]/g, '-')}-${process.pid}.json`), JSON.stringify(record));
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

function print() {
  const records = fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((file) => file.endsWith('.json'))
        .map((file) => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')))
        .sort((a, b) => b.seconds - a.seconds)
    : [];
  for (const { project, failures } of records) {
    if (failures.length > 0) console.log(`\nFailed in ${project}:\n${failures.join('\n\n')}`);
  }
  const width = Math.max(7, ...records.map((r) => r.project.length));
  console.log(`\n${'project'.padEnd(width)}  ${'tests'.padStart(5)}  ${'failed'.padStart(6)}  ${'time'.padStart(7)}`);
  for (const r of records) {
    console.log(
      `${r.project.padEnd(width)}  ${String(r.passed + r.failed).padStart(5)}  ${String(r.failed).padStart(6)}  ${`${r.seconds.toFixed(1)} s`.padStart(7)}`,
    );
  }
  const sum = (key) => records.reduce((total, r) => total + r[key], 0);
  const started = fs.existsSync(runStartedFile) ? Number(fs.readFileSync(runStartedFile, 'utf8')) : NaN;
  if (Number.isFinite(started)) console.log(`whole run: ${((Date.now() - started) / 1000).toFixed(1)} s wall clock`);
  // The plain closing line a CI log is read by.
  console.log(`Tests: ${sum('passed')} passed, ${sum('failed')} failed, ${sum('skipped')} skipped`);
}

if (require.main === module) {
  const command = process.argv[2];
  if (command === 'clear') {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(runStartedFile, String(Date.now()));
  } else if (command === 'print') print();
  else {
    console.error('usage: node scripts/test-summary.cjs clear | print');
    process.exit(2);
  }
}

module.exports = TestSummaryReporter;
