import { Bell, BellRing } from 'lucide-react';
import { Button } from '@/components/ui/button';

export interface EmailUpdatesButtonProps {
  title: string;
  subscribed: boolean;
  busy: boolean;
  onToggle(): void;
}

/**
 * "E-mail me updates" on a feature request: a toggle button (WAI-ARIA), pressed while the viewer is
 * e-mailed about its status changes, so its name stays the same and the state is aria-pressed.
 */
export function EmailUpdatesButton({ title, subscribed, busy, onToggle }: EmailUpdatesButtonProps) {
  return (
    <Button variant={subscribed ? 'default' : 'outline'} size="sm" aria-pressed={subscribed} disabled={busy} onClick={onToggle}>
      {subscribed ? <BellRing aria-hidden /> : <Bell aria-hidden />}
      E-mail me updates<span className="sr-only"> on {title}</span>
    </Button>
  );
}
