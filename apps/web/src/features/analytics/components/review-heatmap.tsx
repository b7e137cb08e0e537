import type { PracticeAnalytics } from '@app/contracts';
import { cn } from '@/lib/utils';
import { count, dayLabel } from '../summaries';

const tone = (n: number, max: number) => {
  if (n === 0) return 'bg-muted';
  const level = Math.ceil((n / max) * 4);
  return ['bg-primary/25', 'bg-primary/50', 'bg-primary/75', 'bg-primary'][level - 1];
};

/**
 * Reviews per day as a calendar: a column per week, Monday at the top, today in the last column.
 * Drawn with the grid itself (7 × 12 cells) so it stays square and legible at 375 px.
 */
export function ReviewHeatmap({ days }: { days: PracticeAnalytics['reviews_per_day'] }) {
  const max = Math.max(1, ...days.map((d) => d.reviews));
  // Pad the first week so each column starts on a Monday.
  const first = days[0] ? (new Date(`${days[0].day}T12:00:00`).getDay() + 6) % 7 : 0;
  const cells: Array<PracticeAnalytics['reviews_per_day'][number] | null> = [...Array.from({ length: first }, () => null), ...days];
  return (
    <div aria-hidden className="grid grid-flow-col grid-rows-7 gap-1" style={{ gridTemplateColumns: `repeat(${Math.ceil(cells.length / 7)}, minmax(0, 1fr))` }}>
      {cells.map((d, i) =>
        d ? (
          <div
            key={d.day}
            title={`${dayLabel(d.day)}: ${count(d.reviews, 'review')}`}
            className={cn('aspect-square max-h-5 rounded-sm', tone(d.reviews, max))}
            data-reviews={d.reviews}
          />
        ) : (
          <div key={`pad-${i}`} />
        ),
      )}
    </div>
  );
}
