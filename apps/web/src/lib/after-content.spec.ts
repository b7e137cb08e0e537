// In Node there is no requestIdleCallback: "idle" is the next turn of the timers here.
type AfterContent = typeof import('./after-content');

/** A fresh copy of the module: its count of calls is the page's, one per test. */
const fresh = (): AfterContent => {
  let loaded: AfterContent | undefined;
  jest.isolateModules(() => {
    loaded = jest.requireActual<AfterContent>('./after-content');
  });
  return loaded!;
};

describe('afterContent', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('waits for the page’s calls: not while one is in flight, but once the last has settled', () => {
    const { afterContent, trackCall } = fresh();
    const run = jest.fn();
    const first = trackCall();
    const second = trackCall();
    afterContent(run, 3_000);
    jest.advanceTimersByTime(1_000);
    first();
    jest.advanceTimersByTime(100);
    expect(run).not.toHaveBeenCalled();
    second();
    jest.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(5_000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('does not take the moment before the page’s first call for its content', () => {
    const { afterContent } = fresh();
    const run = jest.fn();
    afterContent(run, 3_000);
    jest.advanceTimersByTime(2_999);
    expect(run).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs at the latest after its timeout, a call still in flight', () => {
    const { afterContent, trackCall } = fresh();
    const run = jest.fn();
    trackCall();
    afterContent(run, 3_000);
    jest.advanceTimersByTime(3_000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs soon when the page has shown its content already, and not at all once cancelled', () => {
    const { afterContent, trackCall } = fresh();
    trackCall()();
    const run = jest.fn();
    afterContent(run);
    jest.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);

    const cancelled = jest.fn();
    const other = trackCall();
    afterContent(cancelled)();
    other();
    jest.advanceTimersByTime(5_000);
    expect(cancelled).not.toHaveBeenCalled();
  });

  it('counts a call once however often its end is reported', () => {
    const { afterContent, trackCall } = fresh();
    const first = trackCall();
    const second = trackCall();
    first();
    first();
    const run = jest.fn();
    afterContent(run, 3_000);
    jest.advanceTimersByTime(100);
    expect(run).not.toHaveBeenCalled();
    second();
    jest.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
  });
});

describe('afterContent behind a stored session', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    delete (globalThis as { document?: unknown }).document;
  });

  it('waits for the page itself too: its calls may come back before its code has arrived', () => {
    (globalThis as { document?: unknown }).document = { documentElement: { getAttribute: () => 'yes' } };
    const { afterContent, pageRendered, trackCall } = fresh();
    const run = jest.fn();
    trackCall()();
    afterContent(run, 3_000);
    jest.advanceTimersByTime(1_000);
    expect(run).not.toHaveBeenCalled();
    pageRendered();
    jest.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
