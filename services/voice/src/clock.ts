/** Time as the voice service reads it: injectable so tests can jump past a call's limit. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

export const CLOCK = Symbol('CLOCK');

export const systemClock: Clock = { now: () => Date.now() };
