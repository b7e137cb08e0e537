/**
 * The attempt's work as kept on this device (localStorage, per user and attempt): written as the
 * candidate types or draws, before the server has it, so a reload or a lost connection loses
 * nothing; the page sends it when it can.
 */
export interface Draft<W> {
  /** The client's count of changes: the server keeps the highest it was sent (a stale tab cannot overwrite newer work). */
  revision: number;
  work: W;
  /** The server has this revision. */
  saved: boolean;
}

const key = (userId: string, attemptId: string) => `system-design-draft:${userId}:${attemptId}`;

export function readDraft<W>(userId: string, attemptId: string): Draft<W> | null {
  try {
    const text = localStorage.getItem(key(userId, attemptId));
    return text ? (JSON.parse(text) as Draft<W>) : null;
  } catch {
    return null;
  }
}

/** False when the device has no room left (the server copy is then the only one). */
export function writeDraft<W>(userId: string, attemptId: string, draft: Draft<W>): boolean {
  try {
    localStorage.setItem(key(userId, attemptId), JSON.stringify(draft));
    return true;
  } catch {
    return false;
  }
}

/** After submit the server's copy is final: the device's is no longer needed. */
export function forgetDraft(userId: string, attemptId: string): void {
  localStorage.removeItem(key(userId, attemptId));
}

/** What to resume from: this device's draft when it is newer than what the server has (made offline, or a save cut short by a reload). */
export function resumeFrom<W>(server: { revision: number; work: W }, local: Draft<W> | null): Draft<W> {
  if (local && !local.saved && local.revision > server.revision) return local;
  return { revision: server.revision, work: server.work, saved: true };
}
