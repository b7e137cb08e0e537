import { AsyncLocalStorage } from 'node:async_hooks';

/** Per-request facts that logs and outgoing events carry without being passed around. */
export interface RequestContext {
  requestId: string;
  userId?: string;
}

export const requestContext = new AsyncLocalStorage<RequestContext>();

export const currentRequestId = (): string | undefined => requestContext.getStore()?.requestId;
