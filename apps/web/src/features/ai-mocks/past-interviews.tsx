import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useVoiceSessions } from './api';
import { clock, dateTime } from './format';
import { StatusBadges } from './interview-report';

/** The candidate's interviews, newest first, each leading to its transcript and report. */
export function PastInterviews() {
  const sessions = useVoiceSessions();
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold leading-none tracking-tight">Past interviews</h2>
      </CardHeader>
      <CardContent>
        {sessions.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : sessions.isError ? (
          <p className="text-muted-foreground">Could not load your past interviews.</p>
        ) : sessions.data.length === 0 ? (
          <p className="text-muted-foreground">No interviews yet. Your transcripts and reports will be kept here.</p>
        ) : (
          <ul className="divide-y" aria-label="Past interviews">
            {sessions.data.map((s) => (
              <li key={s.id}>
                <Link to={`/ai-mocks/${s.id}`} className="flex items-center gap-3 py-3 hover:bg-accent/50 focus-visible:outline-2">
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium">{[s.company, s.level].filter(Boolean).join(' · ') || 'General software engineering'}</span>
                    <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
                      {dateTime(s.started_at)} · {clock(s.duration_seconds ?? 0)}
                      <StatusBadges session={s} />
                    </span>
                  </span>
                  <ChevronRight className="size-4 text-muted-foreground" aria-hidden />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
