/** Waits for `work` (its outcome ignored) or `ms`, whichever comes first; the work itself goes on. */
export async function waitAtMost(work: Promise<unknown> | undefined, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
  await Promise.race([work?.catch(() => undefined), late]);
  clearTimeout(timer);
}
