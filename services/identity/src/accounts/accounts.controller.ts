import { Controller, Headers, Inject, Res, UseFilters } from '@nestjs/common';
import { identityApi } from '@app/contracts';
import { ClientAddress, Endpoint, Input, ParsedBody, ParsedQuery, Public, SERVICE_CONFIG, UserShares } from '@app/service-kit';
import type { Response } from 'express';
import { GoTrueError, GoTrueErrorFilter } from '../gotrue';
import { KeyStore } from '../keys/key-store';
import type { IdentityConfig } from '../config';
import { Confirmations } from './confirmations';
import { RecoveryService } from './recovery.service';
import { SessionTokens } from './session-tokens';
import { SignInService } from './sign-in.service';
import { SignUpService } from './sign-up.service';
import { UserService } from './user.service';

type In<K extends keyof typeof identityApi> = Input<(typeof identityApi)[K]>;

/** The part of GoTrue's REST API that @supabase/supabase-js uses. Tokens are checked here, not by the kit's guard. */
@Controller()
@Public()
@UseFilters(GoTrueErrorFilter)
export class AccountsController {
  constructor(
    private readonly signUps: SignUpService,
    private readonly signIns: SignInService,
    private readonly tokens: SessionTokens,
    private readonly recovery: RecoveryService,
    private readonly users: UserService,
    private readonly confirmations: Confirmations,
    private readonly keys: KeyStore,
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
    @Inject(UserShares) private readonly perUser: UserShares,
  ) {}

  /** The signed-in caller, metered as every service's guard meters its users (USER_REQUESTS_PER_SECOND). */
  private async signedIn(authorization: string | undefined) {
    const caller = await this.tokens.authenticate(authorization);
    const wait = await this.perUser.take(caller.userId);
    if (wait > 0)
      throw new GoTrueError(
        429,
        'over_request_rate_limit',
        'Too many requests from this account, please slow down',
        {},
        { 'Retry-After': String(Math.ceil(wait)) },
      );
    return caller;
  }

  @Endpoint(identityApi.signUp)
  signUp(@ParsedBody() body: In<'signUp'>['body'], @ParsedQuery() { redirect_to }: In<'signUp'>['query'], @ClientAddress() clientAddress: string) {
    return this.signUps.signUp(body, clientAddress, redirect_to);
  }

  @Endpoint(identityApi.token)
  token(@ParsedQuery() { grant_type: grantType }: In<'token'>['query'], @ParsedBody() body: In<'token'>['body'], @ClientAddress() clientAddress: string) {
    if (grantType === 'password') return this.signIns.signInWithPassword(body, clientAddress);
    if (grantType === 'refresh_token') return this.tokens.refresh(body);
    throw new GoTrueError(400, 'validation_failed', `Unsupported grant type "${grantType ?? ''}"`);
  }

  /** supabase-js's verifyOtp: {type, token_hash} or {type, email, token}; answers a session. */
  @Endpoint(identityApi.verify)
  verify(@ParsedBody() body: In<'verify'>['body']) {
    return this.signUps.verify(body);
  }

  /**
   * The link in the mail: confirms, then sends the browser to the site with the new session in the
   * URL fragment (GoTrue's implicit flow, which supabase-js picks up), or with the error there.
   */
  @Endpoint(identityApi.verifyLink)
  async verifyLink(@Res() res: Response, @ParsedQuery() { token, type, redirect_to: redirectTo }: In<'verifyLink'>['query']): Promise<void> {
    const target = this.confirmations.redirectTarget(redirectTo);
    let fragment: URLSearchParams;
    try {
      const session = await this.signUps.verify({ type, token_hash: token });
      fragment = new URLSearchParams({
        access_token: session.access_token,
        expires_at: String(session.expires_at),
        expires_in: String(session.expires_in),
        refresh_token: session.refresh_token,
        token_type: session.token_type,
        type: type ?? 'signup',
      });
    } catch (err) {
      if (!(err instanceof GoTrueError)) throw err;
      fragment = new URLSearchParams({ error: 'access_denied', error_code: err.errorCode, error_description: 'Email link is invalid or has expired' });
    }
    res.redirect(303, `${target.split('#')[0]}#${fragment}`);
  }

  /** Anyone may ask; a signed-in owner's own request (their access token as the bearer) is limited apart. */
  @Endpoint(identityApi.resend)
  async resend(
    @ParsedBody() body: In<'resend'>['body'],
    @ParsedQuery() { redirect_to }: In<'resend'>['query'],
    @Headers('authorization') authorization?: string,
  ) {
    await this.signUps.resend(body, authorization, redirect_to);
    return {};
  }

  /** supabase-js's resetPasswordForEmail: `{}` whether or not the e-mail has an account. */
  @Endpoint(identityApi.recover)
  async recover(@ParsedBody() body: In<'recover'>['body'], @ParsedQuery() { redirect_to }: In<'recover'>['query'], @ClientAddress() clientAddress: string) {
    await this.recovery.recover(body, clientAddress, redirect_to);
    return {};
  }

  @Endpoint(identityApi.getUser)
  async user(@Headers('authorization') authorization?: string) {
    return this.users.getUser(await this.signedIn(authorization));
  }

  @Endpoint(identityApi.updateUser)
  async updateUser(
    @ParsedBody() body: In<'updateUser'>['body'],
    @ParsedQuery() { redirect_to }: In<'updateUser'>['query'],
    @Headers('authorization') authorization?: string,
  ) {
    return this.users.updateUser(await this.signedIn(authorization), body, redirect_to);
  }

  @Endpoint(identityApi.logout)
  async logout(@ParsedQuery() { scope = 'global' }: In<'logout'>['query'], @Headers('authorization') authorization?: string) {
    await this.users.logout(await this.signedIn(authorization), scope);
  }

  @Endpoint(identityApi.jwks)
  jwks(@Res({ passthrough: true }) res: Response) {
    res.setHeader('Cache-Control', 'public, max-age=600');
    return this.keys.jwks();
  }

  @Endpoint(identityApi.settings)
  settings() {
    const enabled = new Set(this.config.AUTH_EXTERNAL_PROVIDERS);
    const external: Record<string, boolean> = { email: true, phone: false };
    for (const provider of ['google', 'github', 'gitlab', 'linkedin_oidc', 'azure', 'apple']) external[provider] = enabled.has(provider);
    // Not auto-confirmed: sign-up signs in at once, but the address counts as proven only once confirmed.
    return { external, disable_signup: false, mailer_autoconfirm: false, phone_autoconfirm: false, sms_provider: '', saml_enabled: false };
  }

  @Endpoint(identityApi.health)
  health() {
    return { version: 'thunderprep-identity', name: 'GoTrue', description: 'Supabase-Auth-compatible identity service' };
  }
}
