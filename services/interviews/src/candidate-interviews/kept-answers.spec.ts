import { KeptAnswers } from './kept-answers';

/** A build the test finishes when it wants to. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('KeptAnswers', () => {
  const sized = () => new KeptAnswers<string>((value) => value.length, 10);

  it('answers from what it keeps while the change count is the same, and builds again when it moved', async () => {
    const answers = sized();
    let builds = 0;
    const build = jest.fn(async () => `v${++builds}`);
    expect(await answers.get('page', 1n, build)).toBe('v1');
    expect(await answers.get('page', 1n, build)).toBe('v1');
    expect(build).toHaveBeenCalledTimes(1);
    expect(await answers.get('page', 2n, build)).toBe('v2');
    expect(build).toHaveBeenCalledTimes(2);
  });

  it('shares one build between concurrent reads of one key and count', async () => {
    const answers = sized();
    const slow = deferred<string>();
    const build = jest.fn(() => slow.promise);
    const reads = [answers.get('page', 1n, build), answers.get('page', 1n, build), answers.get('page', 1n, build)];
    slow.resolve('page');
    expect(await Promise.all(reads)).toEqual(['page', 'page', 'page']);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('never lets a slow build of an older count replace a newer answer', async () => {
    const answers = sized();
    const old = deferred<string>();
    const stale = answers.get('page', 1n, () => old.promise);
    expect(await answers.get('page', 2n, async () => 'new')).toBe('new');
    old.resolve('old');
    expect(await stale).toBe('old');
    expect(await answers.get('page', 2n, async () => 'rebuilt')).toBe('new');
  });

  it('forgets the least recently used answers past its byte budget, and does not keep what fails', async () => {
    const answers = sized();
    await answers.get('a', 1n, async () => 'aaaa');
    await answers.get('b', 1n, async () => 'bbbb');
    await answers.get('a', 1n, async () => 'rebuilt a');
    await answers.get('c', 1n, async () => 'cccc');
    expect(answers.heldBytes).toBe(8);
    expect(await answers.get('a', 1n, async () => 'again a')).toBe('aaaa');
    expect(await answers.get('b', 1n, async () => 'bbbb again')).toBe('bbbb again');

    await expect(answers.get('d', 1n, async () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect(await answers.get('d', 1n, async () => 'dd')).toBe('dd');
  });
});
