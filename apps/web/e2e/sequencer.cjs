// The browser tests share one stack (global-setup), and some read it as a newcomer would: the
// interview board empty before the first share, a feature with no votes yet. Jest's own order
// follows its cache (failed files first, then the slowest), so it changed from run to run and
// those files sometimes ran after others had written. They run first, in this order; the rest
// follow by name.
const first = [
  'problem-review',
  'ai-mocks',
  'interviews',
  'app-shell',
  'community',
  'auth',
  'ai-mocks-elevenlabs',
  'interview-experiences-read-right',
  'auth-recovery',
].map((name) => `/e2e/${name}.e2e.ts`);
const rank = (path) => {
  const i = first.findIndex((suffix) => path.endsWith(suffix));
  return i === -1 ? first.length : i;
};

class FreshStackFirst {
  sort(tests) {
    return [...tests].sort((a, b) => rank(a.path) - rank(b.path) || a.path.localeCompare(b.path));
  }

  // The order is fixed: nothing of a run's timings or failures is kept for the next.
  cacheResults() {}
}

module.exports = FreshStackFirst;
