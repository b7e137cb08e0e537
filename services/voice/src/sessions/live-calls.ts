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
