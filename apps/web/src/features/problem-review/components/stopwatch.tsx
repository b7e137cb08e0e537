import { Pause, Play, RotateCcw } from 'lucide-react';
import * as React from 'react';
import { Button } from '@/components/ui/button';

const clock = (ms: number) => {
  const seconds = Math.floor(ms / 1000);
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
};

/**
 * A stopwatch for the time a problem takes: start, pause, go on, start again. While it has run, its
 * minutes (to a tenth) fill the Time box, which can still be typed in.
 */
export function Stopwatch({ onMinutes }: { onMinutes(minutes: number): void }) {
  /** Time run before the current start; the start itself while running. */
  const [banked, setBanked] = React.useState(0);
  const [since, setSince] = React.useState<number | null>(null);
  const [now, setNow] = React.useState(() => Date.now());
  React.useEffect(() => {
    if (since === null) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [since]);
  const elapsed = banked + (since === null ? 0 : Math.max(0, now - since));
  const tenths = Math.floor(elapsed / 6_000);
  React.useEffect(() => {
    if (tenths > 0) onMinutes(tenths / 10);
  }, [tenths, onMinutes]);

  const toggle = () => {
    const at = Date.now();
    if (since === null) {
      setSince(at);
      setNow(at);
    } else {
      setBanked(banked + (at - since));
      setSince(null);
    }
  };
  const reset = () => {
    setBanked(0);
    setSince(null);
  };
  const running = since !== null;
  return (
    <div className="flex items-center gap-2" role="group" aria-label="Stopwatch">
      <span role="timer" aria-label="Time taken" className="font-mono text-lg tabular-nums" data-testid="stopwatch">
        {clock(elapsed)}
      </span>
      <Button type="button" variant="outline" size="sm" onClick={toggle}>
        {running ? <Pause aria-hidden /> : <Play aria-hidden />} {running ? 'Pause' : elapsed > 0 ? 'Resume' : 'Start'}
      </Button>
      {elapsed > 0 && !running ? (
        <Button type="button" variant="ghost" size="sm" onClick={reset}>
          <RotateCcw aria-hidden /> Reset
        </Button>
      ) : null}
    </div>
  );
}
