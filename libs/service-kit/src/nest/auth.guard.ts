import { CanActivate, createParamDecorator, ExecutionContext, Inject, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { AuthUser } from '@app/contracts';
import type { Request } from 'express';
import { requestContext } from '../context';
import { rateLimited, unauthorized } from '../errors';
import { UserShares } from '../db/user-shares';
import { TokenVerifier } from '../auth/token-verifier';

const PUBLIC = 'service-kit:public';
const OPTIONAL_AUTH = 'service-kit:optional-auth';

/** A route anyone may call (health, anonymous contact form). */
export const Public = () => SetMetadata(PUBLIC, true);
/** A route anyone may call, that still knows the user when a valid token comes with it. */
export const OptionalAuth = () => SetMetadata(OPTIONAL_AUTH, true);

type AuthedRequest = Request & { user?: AuthUser };

/**
 * Every route needs a valid access token unless marked otherwise: safe by default. Each user's calls
 * are then metered (USER_REQUESTS_PER_SECOND, USER_REQUEST_BURST, counted across the service's
 * replicas), so one cannot starve the others.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(TokenVerifier) private readonly verifier: TokenVerifier,
    @Inject(UserShares) private readonly perUser: UserShares,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    // Event handlers (@EventPattern) act on events the bus already checked, not on a caller's request.
    if (context.getType() !== 'http') return true;
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC, targets)) return true;
    const request = context.switchToHttp().getRequest<AuthedRequest>();
    const optional = this.reflector.getAllAndOverride<boolean>(OPTIONAL_AUTH, targets);
    if (optional && !request.headers.authorization) return true;
    request.user = await this.verifier.verifyHeader(request.headers.authorization);
    const store = requestContext.getStore();
    if (store) store.userId = request.user.id;
    const wait = await this.perUser.take(request.user.id);
    if (wait > 0) throw rateLimited(wait, 'Too many requests from this account, please slow down');
    return true;
  }
}

/** The verified caller; routes that take no user id from the client use this alone. */
export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext): AuthUser => {
  const user = context.switchToHttp().getRequest<AuthedRequest>().user;
  if (!user) throw unauthorized();
  return user;
});

/** The caller when signed in, else undefined (for @OptionalAuth routes). */
export const MaybeUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AuthUser | undefined => context.switchToHttp().getRequest<AuthedRequest>().user,
);
