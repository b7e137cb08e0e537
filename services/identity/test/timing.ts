/** Timing for the equal-work tests: how long some work took, and the middle of many such times. */
export const millisecondsFor = async (work: () => PromiseLike<unknown>) => {
  const started = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - started) / 1e6;
};

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
