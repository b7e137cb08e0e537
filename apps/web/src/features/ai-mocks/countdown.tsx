import { voiceConstants, voiceMessages } from '@app/contracts';
import { Timer } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { cn } from '@/lib/utils';
import { clock } from './format';

/**
 * From the chosen length (10:00 or 20:00) down while the call is active; in the last minute it
 * turns to a warning with "Time's up!", and at zero it calls `onTimeUp` once (an immediate end, no
 * confirmation).
 */
export function Countdown({ minutes, startedAt, onTimeUp }: { minutes: number; startedAt: number | null; onTimeUp: () => void }) {
  const limitSeconds = minutes * 60;
  const [now, setNow] = useState(() => Date.now());
  const fired = useRef(false);
  useEffect(() => {
    fired.current = false;
    if (startedAt === null) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [startedAt]);

  const remaining = startedAt === null ? limitSeconds : Math.max(0, limitSeconds - Math.floor((now - startedAt) / 1000));
  const warning = startedAt !== null && remaining <= voiceConstants.warningLastSeconds;
  useEffect(() => {
    if (startedAt !== null && remaining === 0 && !fired.current) {
      fired.current = true;
      onTimeUp();
    }
  }, [remaining, startedAt, onTimeUp]);

  return (
    <div
      role="timer"
      aria-label="Time left"
      data-warning={warning}
      className={cn(
        'flex items-center gap-2 rounded-md border px-3 py-1.5 font-mono text-lg tabular-nums',
        warning && 'border-destructive bg-destructive/10 text-destructive',
      )}
    >
      <Timer className="size-4" aria-hidden />
      <span>{clock(remaining)}</span>
      {warning ? <span className="font-sans text-sm font-semibold">{voiceMessages.timesUp}</span> : null}
    </div>
  );
}
