import { Injectable } from '@nestjs/common';

/** What the sessions service can ask of a call the local agent is holding in this process. */
export interface LiveCall {
  /** The user ended it: close normally (1000). */
  hangUp(): void;
  /** The 20-minute limit: tell the browser (max_duration_exceeded) and close. */
  timeUp(): void;
}

/** Calls held by this replica's local agent, by session id. */
@Injectable()
export class LiveCalls {
  private readonly calls = new Map<string, LiveCall>();
  private readonly expectedListeners: Array<() => void> = [];

  /** `listener` runs whenever a call's URL is signed here: its browser connects within moments. */
  onExpected(listener: () => void): void {
    this.expectedListeners.push(listener);
  }

  expected(): void {
    for (const listener of this.expectedListeners) listener();
  }

  add(sessionId: string, call: LiveCall): void {
    this.calls.set(sessionId, call);
  }

  remove(sessionId: string): void {
    this.calls.delete(sessionId);
  }

  hangUp(sessionId: string): void {
    this.calls.get(sessionId)?.hangUp();
  }

  timeUp(sessionId: string): void {
    this.calls.get(sessionId)?.timeUp();
  }
}
