/**
 * The day (yyyy-mm-dd) whose digest is due at `now` for someone in `timeZone`: their local day once
 * its clock has reached `hour`, else undefined (before that hour nothing is sent yet).
 */
export function digestDay(now: Date, timeZone: string, hour: number): string | undefined {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  return Number(parts.hour) >= hour ? `${parts.year}-${parts.month}-${parts.day}` : undefined;
}
