import type { Difficulty } from '@app/contracts';
import { cn } from '@/lib/utils';

const colour: Record<Difficulty, string> = { Easy: 'bg-emerald-500', Medium: 'bg-amber-500', Hard: 'bg-rose-500' };

export function DifficultyDot({ difficulty, className }: { difficulty: Difficulty; className?: string }) {
  return (
    <span className={cn('inline-block size-2.5 shrink-0 rounded-full', colour[difficulty], className)} title={difficulty} aria-label={difficulty} role="img" />
  );
}
