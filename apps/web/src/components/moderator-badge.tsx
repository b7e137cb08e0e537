import { ShieldCheck } from 'lucide-react';
import { Badge } from '@/components/ui/badge';

/** Marks a post its author wrote as a moderator: the app knows it from their role; a name proves nothing. */
export function ModeratorBadge() {
  return (
    <Badge variant="secondary" data-testid="moderator-badge">
      <ShieldCheck className="size-3" aria-hidden /> Moderator
    </Badge>
  );
}
