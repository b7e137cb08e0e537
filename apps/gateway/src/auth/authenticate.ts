import type { NextFunction, Request, Response } from 'express';
import { requestContext, sendError, toAppError, TokenVerifier } from '@app/service-kit';
import { isAnonymousRoute } from '../routing/prefix-table';

/**
 * Every /api request needs a valid access token (the kit's `TokenVerifier`, the very class the
 * services use), except the anonymous routes. The Authorization header itself is forwarded: the
 * service verifies it again, so a request that bypasses the gateway gains nothing.
 */
export function requireToken(verifier: TokenVerifier) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (isAnonymousRoute(req.method, req.path)) return next();
    verifier.verifyHeader(req.headers.authorization).then(
      (user) => {
        const store = requestContext.getStore();
        if (store) store.userId = user.id;
        next();
      },
      (err: unknown) => sendError(res, toAppError(err)),
    );
  };
}
