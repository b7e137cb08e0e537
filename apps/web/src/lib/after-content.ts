import { useEffect, useState } from 'react';

/**
 * What a page is not opened for (the notifications bell, the toasts' code, auth-js behind a stored
 * session, the username and time zone checks, the phone's drawer) starts once the page has shown
 * what it is opened for: its calls have come back (at least one, none in flight) and the browser is
 * idle, or after `timeoutMs` at the latest. Started earlier, each took a slow phone's main thread
 * while the page's own code and answers waited (bench/signed-in). Behind a stored session the page
 * itself must have been shown too (pageShown): its calls, started with the shell's code
 * (route-prefetch.ts), may come back before its own code has arrived.
 */
let callsInFlight = 0;
let someCallSettled = false;
let pageShown = typeof document === 'undefined' || document.documentElement.getAttribute('data-auth-at-start') !== 'yes';
const onSettled = new Set<() => void>();

const checkWaiting = () => {
  for (const check of [...onSettled]) check();
};

/** The page has been shown (its code arrived and rendered). */
export function pageRendered(): void {
  if (pageShown) return;
  pageShown = true;
  checkWaiting();
}

/**
 * Put beside a page inside its Suspense boundary: it commits with the page, not with the
 * placeholder shown while the page's code loads, and then tells pageRendered.
 */
export function PageRendered(): null {
  useEffect(pageRendered, []);
  return null;
}

/** Counts an API call from its start; call the answer once it has settled, either way. */
export function trackCall(): () => void {
  callsInFlight++;
  let settled = false;
  return () => {
    if (settled) return;
    settled = true;
    callsInFlight--;
    someCallSettled = true;
    if (callsInFlight === 0) checkWaiting();
  };
}

/** Runs `run` when the browser is next idle (at the next turn where it has no requestIdleCallback); the answer cancels it. */
export const whenIdle = (run: () => void): (() => void) => {
  if (typeof requestIdleCallback !== 'function') {
    const timer = setTimeout(run, 0);
    return () => clearTimeout(timer);
  }
  const id = requestIdleCallback(run);
  return () => cancelIdleCallback(id);
};

/** Runs `run` once the page has shown its content (above); the answer cancels it. */
export function afterContent(run: () => void, timeoutMs = 3_000): () => void {
  let finished = false;
  let cancelIdle: (() => void) | undefined;
  const finish = () => {
    if (finished) return;
    finished = true;
    clearTimeout(timer);
    onSettled.delete(check);
    cancelIdle?.();
  };
  const start = () => {
    if (finished) return;
    finish();
    run();
  };
  const check = () => {
    if (pageShown && someCallSettled && callsInFlight === 0 && !cancelIdle) cancelIdle = whenIdle(start);
  };
  const timer = setTimeout(start, timeoutMs);
  onSettled.add(check);
  check();
  return finish;
}

/** False until the page has shown its content (afterContent), then true. */
export function useAfterContent(): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => afterContent(() => setShown(true)), []);
  return shown;
}
