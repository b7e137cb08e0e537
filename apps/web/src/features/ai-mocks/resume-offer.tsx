import { voiceMessages, VoiceSession } from '@app/contracts';
import { RotateCcw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useVoiceSessions } from './api';

/** The newest of the caller's calls that dropped and can still be resumed (the local interviewer's only). */
function interrupted(sessions: VoiceSession[] | undefined, now: number): VoiceSession | undefined {
  return sessions?.find((s) => s.provider === 'local' && s.resumable_until !== null && Date.parse(s.resumable_until) > now);
}

/**
 * A page opened again after its tab was closed mid-call: the interrupted interview is offered
 * until its resume window ends.
 */
export function ResumeOffer({ onResume }: { onResume: (call: { id: string; connected_at: string; resumable_until: string; minutes: number }) => void }) {
  const sessions = useVoiceSessions();
  const [now, setNow] = useState(() => Date.now());
  const session = interrupted(sessions.data, now);
  // The offer goes when its window does.
  useEffect(() => {
    if (!session?.resumable_until) return;
    const timer = setTimeout(() => setNow(Date.now()), Date.parse(session.resumable_until) - Date.now() + 100);
    return () => clearTimeout(timer);
  }, [session?.resumable_until]);
  const resumableUntil = session?.resumable_until;
  const connectedAt = session?.connected_at;
  if (!session || !resumableUntil || !connectedAt) return null;
  const until = new Date(resumableUntil).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  return (
    <Card role="region" aria-label="Interrupted interview" className="border-primary/40 bg-primary/5">
      <CardHeader>
        <CardTitle>Your interview was interrupted</CardTitle>
        <CardDescription>
          The call {session.company ? `for ${session.company} ` : ''}dropped. Pick it up where you left off until {until}, with no new charge.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button onClick={() => onResume({ id: session.id, connected_at: connectedAt, resumable_until: resumableUntil, minutes: session.minutes })}>
          <RotateCcw aria-hidden /> {voiceMessages.resumeInterview}
        </Button>
      </CardContent>
    </Card>
  );
}
