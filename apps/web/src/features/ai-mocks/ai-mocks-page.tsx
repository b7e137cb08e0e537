import {
  designSceneMessages,
  InterviewTopic,
  interviewLengths,
  interviewLevels,
  interviewTopics,
  topicLabel,
  voiceConstants,
  voiceMessages,
} from '@app/contracts';
import { Bot, Check, Coins, Maximize, Mic, MicOff, Minimize, MonitorUp, Phone, PhoneOff, User, Video, VideoOff } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useDocumentTitle } from '@/lib/document-title';
import { cn } from '@/lib/utils';
import { useCompanyChoices, useCompanyTopics, useCredits, useVoiceSession } from './api';
import { Countdown } from './countdown';
import { InterviewReport } from './interview-report';
import { PastInterviews } from './past-interviews';
import { ResumeOffer } from './resume-offer';
import { CallEnd, useInterviewCall } from './use-interview-call';

/** Excalidraw is large: loaded only when a system design mock shows the canvas. */
const DesignCanvas = lazy(() => import('@/components/design-canvas/design-canvas'));

const anyCompany = 'any';
const systemDesign: InterviewTopic = 'System Design';
const anyLevel = 'any';
const knownTopics = new Set<string>(interviewTopics);
const isTopic = (topic: string): topic is InterviewTopic => knownTopics.has(topic);

/** Camera or screen in the You pane: a stream the page owns and stops. */
function useOwnVideo() {
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [kind, setKind] = useState<'camera' | 'screen' | null>(null);
  const stop = useCallback(() => {
    setStream((current) => {
      for (const track of current?.getTracks() ?? []) track.stop();
      return null;
    });
    setKind(null);
  }, []);
  const show = useCallback(
    async (next: 'camera' | 'screen') => {
      try {
        const media =
          next === 'camera' ? await navigator.mediaDevices.getUserMedia({ video: true }) : await navigator.mediaDevices.getDisplayMedia({ video: true });
        stop();
        setStream(media);
        setKind(next);
        // Sharing stopped from the browser's own bar.
        media.getVideoTracks()[0]?.addEventListener('ended', stop);
      } catch {
        // Declined or cancelled: the pane stays as it was.
      }
    },
    [stop],
  );
  useEffect(() => stop, [stop]);
  return { stream, kind, show, stop };
}

function VideoView({ stream }: { stream: MediaStream }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.srcObject = stream;
  }, [stream]);
  return <video ref={ref} autoPlay muted playsInline className="h-full w-full rounded-md object-cover" aria-label="Your video" />;
}

/** The allowance's date: calendar months are counted in UTC, so the day is shown as UTC sees it. */
function TopUpDate({ at }: { at: string }) {
  return <time dateTime={at.slice(0, 10)}>{new Date(at).toLocaleDateString(undefined, { dateStyle: 'long', timeZone: 'UTC' })}</time>;
}

/** /ai-mocks: a spoken mock interview with the AI interviewer, 5 credits for the length chosen (10 or 20 minutes). */
export default function AiMocksPage() {
  useDocumentTitle('AI Mock Interviews');
  const credits = useCredits();
  const companies = useCompanyChoices();
  const [company, setCompany] = useState(anyCompany);
  const [level, setLevel] = useState(anyLevel);
  const [minutes, setMinutes] = useState<string>(String(voiceConstants.sessionLimitMinutes));
  /** A system design mock: a design question in the plan, and the canvas beside the call for the interviewer to read. */
  const [withCanvas, setWithCanvas] = useState(false);
  /** The length of the call in progress: the one chosen, or a resumed call's own. */
  const [callMinutes, setCallMinutes] = useState<number>(voiceConstants.sessionLimitMinutes);
  const chosenMinutes = interviewLengths.find((m) => String(m) === minutes) ?? voiceConstants.sessionLimitMinutes;
  const companyName = company === anyCompany ? undefined : company;
  const topics = useCompanyTopics(companyName);
  const [finished, setFinished] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [lostConnection, setLostConnection] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);
  const stage = useRef<HTMLDivElement>(null);
  const video = useOwnVideo();

  const onEnded = useCallback((sessionId: string, how: CallEnd) => {
    setConfirming(false);
    if (how === 'not_started') return;
    setFinished(sessionId);
    setLostConnection(how === 'error');
  }, []);
  const call = useInterviewCall(onEnded);
  const finishedSession = useVoiceSession(finished ?? '');

  useEffect(() => {
    const changed = () => setFullscreen(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', changed);
    return () => document.removeEventListener('fullscreenchange', changed);
  }, []);
  // Screen sharing belongs to the call: it stops with it.
  const { kind: videoKind, stop: stopVideo } = video;
  useEffect(() => {
    if (call.state === 'idle' && videoKind === 'screen') stopVideo();
  }, [call.state, videoKind, stopVideo]);

  const balance = credits.data?.balance;
  // No allowance configured (0): no top-up to announce.
  const topUp = credits.data && credits.data.monthly_allowance > 0 ? { at: credits.data.next_top_up_at, allowance: credits.data.monthly_allowance } : null;
  const notEnough = call.insufficient || (balance !== undefined && balance < voiceConstants.creditsPerSession);
  const idle = call.state === 'idle';
  const active = call.state === 'active';

  const start = () => {
    setFinished(null);
    setLostConnection(false);
    setCallMinutes(chosenMinutes);
    const reported = companyName
      ? topics.data?.top_topics
          .map((t) => t.topic)
          .filter(isTopic)
          .slice(0, 10)
      : undefined;
    // The plan asks a system design question when its topics include it.
    const designed = withCanvas ? [systemDesign, ...(reported ?? []).filter((t) => t !== systemDesign)].slice(0, 10) : reported;
    void call.start({
      company: companyName,
      level: level === anyLevel ? undefined : interviewLevels.find((l) => l === level),
      minutes: chosenMinutes,
      topics: designed,
    });
  };
  const onTimeUp = useCallback(() => {
    setConfirming(false);
    void call.end('time_limit');
  }, [call]);
  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void stage.current?.requestFullscreen();
  };

  const resume = (session: { id: string; connected_at: string; resumable_until: string; minutes: number }) => {
    setFinished(null);
    setLostConnection(false);
    setCallMinutes(session.minutes);
    void call.resume(session.id, session.connected_at, session.resumable_until);
  };

  const interviewerStatus =
    call.state === 'connecting'
      ? 'Connecting…'
      : call.state === 'reconnecting'
        ? voiceMessages.reconnecting
        : active
          ? call.mode === 'speaking'
            ? 'Speaking…'
            : 'Listening…'
          : 'Ready when you are';

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">AI Mock Interviews</h1>
          <p className="text-muted-foreground">
            A spoken interview with an AI interviewer, {interviewLengths.join(' or ')} minutes long: {voiceConstants.creditsPerSession} credits each.
          </p>
        </div>
        <div className="flex flex-col items-start gap-1 sm:items-end">
          <Badge variant="outline" className="gap-1.5 px-3 py-1 text-sm" aria-live="polite">
            <Coins className="size-4" aria-hidden />
            {balance === undefined ? 'Credits: …' : `Credits: ${balance}`}
          </Badge>
          {topUp ? (
            <p className="text-sm text-muted-foreground">
              Next top-up: <TopUpDate at={topUp.at} />
            </p>
          ) : null}
        </div>
      </header>

      {notEnough && idle ? (
        <Card role="status" className="border-destructive/50 bg-destructive/5">
          <CardHeader>
            <CardTitle>Not enough credits</CardTitle>
            <CardDescription>
              An interview costs {voiceConstants.creditsPerSession} credits and you have {balance ?? 0}. A call that ends in its first 30 seconds before you
              have answered is refunded.
            </CardDescription>
          </CardHeader>
          <CardContent className="space-y-2 text-sm">
            {topUp ? (
              <p>
                Your first visit on or after <TopUpDate at={topUp.at} /> tops your credits up to {topUp.allowance}, enough for{' '}
                {Math.floor(topUp.allowance / voiceConstants.creditsPerSession)} interviews.
              </p>
            ) : null}
            {/* Pricing is marketing only (spec): no page sells credits, so none is offered here. */}
            <p>Credits cannot be bought yet: the monthly top-up is the way to more.</p>
          </CardContent>
        </Card>
      ) : null}

      {idle ? <ResumeOffer onResume={resume} /> : null}

      <section aria-label="Interview setup" className="grid gap-4 sm:grid-cols-3">
        <div className="space-y-1.5">
          <Label htmlFor="mock-company">Company</Label>
          <Select value={company} onValueChange={setCompany} disabled={!idle}>
            <SelectTrigger id="mock-company" aria-label="Company">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={anyCompany}>Any company (general plan)</SelectItem>
              {(companies.data ?? []).map((c) => (
                <SelectItem key={c.id} value={c.name}>
                  {c.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          {companyName && topics.data && topics.data.top_topics.length > 0 ? (
            <p className="text-xs text-muted-foreground">
              Questions on:{' '}
              {topics.data.top_topics
                .slice(0, 4)
                .map((t) => topicLabel(t.topic))
                .join(', ')}
            </p>
          ) : null}
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="mock-level">Level</Label>
          <Select value={level} onValueChange={setLevel} disabled={!idle}>
            <SelectTrigger id="mock-level" aria-label="Level">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={anyLevel}>Any level</SelectItem>
              {interviewLevels.map((l) => (
                <SelectItem key={l} value={l}>
                  {l}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="mock-length">Length</Label>
          <Select value={minutes} onValueChange={setMinutes} disabled={!idle}>
            <SelectTrigger id="mock-length" aria-label="Length">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {interviewLengths.map((m) => (
                <SelectItem key={m} value={String(m)}>
                  {m} minutes
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <p className="text-xs text-muted-foreground">
            {voiceConstants.creditsPerSession} credits for this {chosenMinutes}-minute interview.
          </p>
        </div>
        <div className="flex items-start gap-2 sm:col-span-3">
          <Checkbox id="mock-canvas" checked={withCanvas} onCheckedChange={(checked) => setWithCanvas(checked === true)} disabled={!idle} />
          <div className="grid gap-1 leading-none">
            <Label htmlFor="mock-canvas">System design mock with a drawing canvas</Label>
            <p className="text-xs text-muted-foreground">
              A system design question is asked; the interviewer reads your drawing when you pause and asks about what it is missing.
            </p>
          </div>
        </div>
      </section>

      <div ref={stage} className={cn(withCanvas ? 'grid gap-4 lg:grid-cols-2' : 'space-y-4', fullscreen && 'bg-background p-6')}>
        <div className="space-y-4">
          <div className="grid gap-4 md:grid-cols-2">
            <section aria-label="Interviewer" className="flex aspect-video flex-col items-center justify-center gap-3 rounded-lg border bg-muted/40 p-4">
              <div
                data-mode={active ? call.mode : call.state}
                className={cn(
                  'flex size-20 items-center justify-center rounded-full bg-primary/10 text-primary transition-shadow',
                  active && call.mode === 'speaking' && 'animate-pulse ring-4 ring-primary/40',
                )}
              >
                <Bot className="size-10" aria-hidden />
              </div>
              <p className="font-semibold">Interviewer</p>
              <p role="status" aria-label="Interviewer status" className="text-sm text-muted-foreground">
                {interviewerStatus}
              </p>
            </section>
            <section aria-label="You" className="relative flex aspect-video flex-col items-center justify-center gap-3 rounded-lg border bg-muted/40 p-4">
              {video.stream ? (
                <VideoView stream={video.stream} />
              ) : (
                <>
                  <div className="flex size-20 items-center justify-center rounded-full bg-secondary">
                    <User className="size-10" aria-hidden />
                  </div>
                  <p className="font-semibold">You</p>
                </>
              )}
              <p className="text-sm text-muted-foreground">
                {call.micMuted ? 'Microphone muted' : active && call.mode === 'listening' ? 'Your turn to speak' : ''}
              </p>
            </section>
          </div>

          <div className="flex flex-wrap items-center justify-center gap-2" role="toolbar" aria-label="Call controls">
            <Button
              variant="outline"
              size="icon"
              aria-label={video.kind === 'camera' ? 'Turn camera off' : 'Turn camera on'}
              aria-pressed={video.kind === 'camera'}
              onClick={() => (video.kind === 'camera' ? video.stop() : void video.show('camera'))}
            >
              {video.kind === 'camera' ? <Video aria-hidden /> : <VideoOff aria-hidden />}
            </Button>
            <Button
              variant="outline"
              size="icon"
              aria-label={call.micMuted ? 'Unmute microphone' : 'Mute microphone'}
              aria-pressed={call.micMuted}
              disabled={!active}
              onClick={() => call.setMicMuted(!call.micMuted)}
            >
              {call.micMuted ? <MicOff aria-hidden /> : <Mic aria-hidden />}
            </Button>
            <Button
              variant="outline"
              size="icon"
              aria-label={video.kind === 'screen' ? 'Stop sharing your screen' : 'Share your screen'}
              aria-pressed={video.kind === 'screen'}
              disabled={!active}
              onClick={() => (video.kind === 'screen' ? video.stop() : void video.show('screen'))}
            >
              <MonitorUp aria-hidden />
            </Button>
            <Button
              variant="outline"
              size="icon"
              aria-label={fullscreen ? 'Exit full screen' : 'Full screen'}
              aria-pressed={fullscreen}
              onClick={toggleFullscreen}
            >
              {fullscreen ? <Minimize aria-hidden /> : <Maximize aria-hidden />}
            </Button>
            <Countdown minutes={idle ? chosenMinutes : callMinutes} startedAt={call.startedAt} onTimeUp={onTimeUp} />
            {active ? (
              // The interviewer leaves long pauses on technical questions: this ends the answer without waiting them out.
              <Button variant="secondary" onClick={call.answerDone} disabled={call.mode === 'speaking'}>
                <Check aria-hidden /> {voiceMessages.answerDone}
              </Button>
            ) : null}
            {idle ? (
              <Button onClick={start} disabled={notEnough || balance === undefined}>
                <Phone aria-hidden /> Start Interview
              </Button>
            ) : (
              <Button variant="destructive" onClick={() => setConfirming(true)} disabled={!active}>
                <PhoneOff aria-hidden />{' '}
                {call.state === 'connecting' ? 'Connecting…' : call.state === 'reconnecting' ? voiceMessages.reconnecting : 'End Interview'}
              </Button>
            )}
          </div>

          {!idle && call.lines.length > 0 ? (
            // Focusable: keyboard users scroll back through the transcript with the arrow keys.
            <section
              aria-label="Live transcript"
              tabIndex={0}
              className="max-h-64 overflow-y-auto rounded-lg border p-4 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              <ol className="space-y-2 text-sm" aria-live="polite">
                {call.lines.map((line, i) => (
                  <li key={i}>
                    <span className="font-semibold">{line.role === 'agent' ? 'Interviewer' : 'You'}: </span>
                    {line.message}
                  </li>
                ))}
              </ol>
            </section>
          ) : null}
        </div>
        {withCanvas ? (
          <section
            aria-label="Design canvas"
            aria-describedby="mock-canvas-note"
            tabIndex={0}
            className="space-y-2 rounded-lg focus-visible:outline-2 focus-visible:outline-ring"
          >
            <p id="mock-canvas-note" className="text-sm text-muted-foreground">
              Draw your design here: the interviewer reads it when you pause drawing and when you press “{voiceMessages.answerDone}”.
            </p>
            {call.drawingTooLarge ? (
              <p role="alert" className="text-sm text-destructive">
                {designSceneMessages.tooLarge}
              </p>
            ) : null}
            <Suspense fallback={<p className="text-muted-foreground">Loading the canvas…</p>}>
              <DesignCanvas initialScene={null} onChange={call.drawingChanged} fileName="mock-interview-design" />
            </Suspense>
          </section>
        ) : null}
      </div>

      {lostConnection ? (
        <p role="alert" className="text-sm text-destructive">
          The connection to the interviewer was lost.
        </p>
      ) : null}
      {finished && finishedSession.data ? (
        <div className="space-y-2">
          <InterviewReport session={finishedSession.data} />
          <Button asChild variant="link" className="px-0">
            <Link to={`/ai-mocks/${finished}`}>Open this transcript on its own page</Link>
          </Button>
        </div>
      ) : null}

      <PastInterviews />

      <Dialog open={confirming && active} onOpenChange={setConfirming}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>End the interview?</DialogTitle>
            <DialogDescription>{voiceMessages.confirmEnd}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setConfirming(false)}>
              {voiceMessages.continueInterview}
            </Button>
            <Button
              variant="destructive"
              onClick={() => {
                setConfirming(false);
                void call.end('user');
              }}
            >
              {voiceMessages.endInterview}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
