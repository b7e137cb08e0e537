import * as React from 'react';
import { ApiError } from '@/lib/api';
import { Draft, forgetDraft, readDraft, resumeFrom, writeDraft } from './draft';

/** What the save indicator says. */
export type SaveStatus =
  | { state: 'saved' }
  | { state: 'saving' }
  /** The server did not answer (offline, a dropped connection): the device has it, sent when back. */
  | { state: 'offline' }
  /** The server refused this version (too large, newer work elsewhere): its message, shown as it is. */
  | { state: 'refused'; message: string };

// Typing or drawing in bursts makes one save a second after the burst, not one per key or stroke.
const SAVE_AFTER_MS = 1000;
// A drag changes the drawing on every pointer move: the device's copy is written once it rests (and when the page is left).
const KEEP_AFTER_MS = 250;
const RETRY_AFTER_MS = 10_000;

/**
 * Keeps one attempt's work: every change goes to this device at once and to the server a moment
 * later, one save at a time; a save the server did not answer is retried when the connection is back.
 */
class Autosaver<W> {
  private sending = false;
  private finished = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private keepTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly online = () => void this.send();
  private readonly keepNow = () => this.keep();

  constructor(
    private readonly userId: string,
    private readonly attemptId: string,
    public latest: Draft<W>,
    private readonly save: (revision: number, work: W) => Promise<void>,
    private readonly onStatus: (status: SaveStatus) => void,
  ) {}

  start() {
    // Resumed from a newer draft on this device: the server gets it now.
    if (!this.latest.saved) void this.send();
    window.addEventListener('online', this.online);
    window.addEventListener('pagehide', this.keepNow);
  }

  stop() {
    window.removeEventListener('online', this.online);
    window.removeEventListener('pagehide', this.keepNow);
    clearTimeout(this.timer);
    this.keep();
  }

  change(change: (work: W) => W): W {
    this.latest = { revision: this.latest.revision + 1, work: change(this.latest.work), saved: false };
    clearTimeout(this.keepTimer);
    this.keepTimer = setTimeout(this.keepNow, KEEP_AFTER_MS);
    this.onStatus({ state: 'saving' });
    this.schedule(SAVE_AFTER_MS);
    return this.latest.work;
  }

  /** Saves what is pending now (before submit); throws if the server refuses or cannot be reached. */
  async flush() {
    clearTimeout(this.timer);
    if (this.latest.saved) return;
    await this.save(this.latest.revision, this.latest.work);
    this.saved(this.latest.revision);
  }

  /** Submitted: the server's copy is final, and this device's is dropped. */
  finish() {
    this.finished = true;
    clearTimeout(this.timer);
    clearTimeout(this.keepTimer);
    forgetDraft(this.userId, this.attemptId);
  }

  private keep() {
    clearTimeout(this.keepTimer);
    if (!this.finished) writeDraft(this.userId, this.attemptId, this.latest);
  }

  private schedule(ms: number) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.send(), ms);
  }

  private saved(revision: number) {
    if (this.latest.revision !== revision) return;
    this.latest = { ...this.latest, saved: true };
    this.keep();
    this.onStatus({ state: 'saved' });
  }

  private async send() {
    clearTimeout(this.timer);
    if (this.sending || this.latest.saved || this.finished) return;
    this.sending = true;
    const { revision, work } = this.latest;
    this.onStatus({ state: 'saving' });
    try {
      await this.save(revision, work);
      this.saved(revision);
      // Changes made while this save was on its way go next.
      if (!this.latest.saved) this.schedule(SAVE_AFTER_MS);
    } catch (err) {
      if (err instanceof ApiError && err.status < 500) {
        this.onStatus({ state: 'refused', message: err.message });
      } else {
        this.onStatus({ state: 'offline' });
        this.schedule(RETRY_AFTER_MS);
      }
    } finally {
      this.sending = false;
    }
  }
}

/** The attempt's work with autosave, resumed from this device's draft when the server never got it. `save` sends one revision. */
export function useAutosave<W>({
  userId,
  attemptId,
  server,
  save,
}: {
  userId: string;
  attemptId: string;
  server: { revision: number; work: W };
  save: (revision: number, work: W) => Promise<void>;
}) {
  const [status, setStatus] = React.useState<SaveStatus>({ state: 'saved' });
  const [saver] = React.useState(() => new Autosaver(userId, attemptId, resumeFrom(server, readDraft<W>(userId, attemptId)), save, setStatus));
  const [work, setWork] = React.useState(() => saver.latest.work);
  React.useEffect(() => {
    saver.start();
    return () => saver.stop();
  }, [saver]);
  const update = React.useCallback((change: (work: W) => W) => setWork(saver.change(change)), [saver]);
  const flush = React.useCallback(() => saver.flush(), [saver]);
  const finish = React.useCallback(() => saver.finish(), [saver]);
  return { work, status, update, flush, finish };
}
