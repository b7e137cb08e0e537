import { Body, Controller, Get, Headers, HttpCode, Inject, Post, Put, Query, Req, Res, UseFilters } from '@nestjs/common';
import { Public, SERVICE_CONFIG } from '@app/service-kit';
import type { Request, Response } from 'express';
import { GoTrueError, GoTrueErrorFilter } from '../gotrue';
import { KeyStore } from '../keys/key-store';
import type { IdentityConfig } from '../service';
import { AccountsService } from './accounts.service';

type Body = Record<string, unknown>;

/** The first address in X-Forwarded-For (set by the gateway), else the peer's. */
const clientAddress = (req: Request) => (req.headers['x-forwarded-for'] as string | undefined)?.split(',')[0].trim() || req.socket.remoteAddress || 'unknown';

/** The part of GoTrue's REST API that @supabase/supabase-js uses. Tokens are checked here, not by the kit's guard. */
@Controller('auth/v1')
@Public()
@UseFilters(GoTrueErrorFilter)
export class AccountsController {
  constructor(
    private readonly accounts: AccountsService,
    private readonly keys: KeyStore,
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
  ) {}

  @Post('signup')
  @HttpCode(200)
  signUp(@Body() body: Body = {}) {
    return this.accounts.signUp(body);
  }

  @Post('token')
  @HttpCode(200)
  token(@Query('grant_type') grantType: string, @Body() body: Body = {}, @Req() req: Request) {
    if (grantType === 'password') return this.accounts.signInWithPassword(body, clientAddress(req));
    if (grantType === 'refresh_token') return this.accounts.refresh(body);
    throw new GoTrueError(400, 'validation_failed', `Unsupported grant type "${grantType ?? ''}"`);
  }

  @Get('user')
  async user(@Headers('authorization') authorization?: string) {
    return this.accounts.getUser(await this.accounts.authenticate(authorization));
  }

  @Put('user')
  async updateUser(@Body() body: Body = {}, @Headers('authorization') authorization?: string) {
    return this.accounts.updateUser(await this.accounts.authenticate(authorization), body);
  }

  @Post('logout')
  @HttpCode(204)
  async logout(@Query('scope') scope = 'global', @Headers('authorization') authorization?: string) {
    await this.accounts.logout(await this.accounts.authenticate(authorization), scope);
  }

  @Get('.well-known/jwks.json')
  jwks(@Res({ passthrough: true }) res: Response) {
    res.setHeader('Cache-Control', 'public, max-age=600');
    return this.keys.jwks();
  }

  @Get('settings')
  settings() {
    const enabled = new Set(this.config.AUTH_EXTERNAL_PROVIDERS);
    const external: Record<string, boolean> = { email: true, phone: false };
    for (const provider of ['google', 'github', 'gitlab', 'linkedin_oidc', 'azure', 'apple']) external[provider] = enabled.has(provider);
    return { external, disable_signup: false, mailer_autoconfirm: true, phone_autoconfirm: false, sms_provider: '', saml_enabled: false };
  }

  @Get('health')
  health() {
    return { version: 'thunderprep-identity', name: 'GoTrue', description: 'Supabase-Auth-compatible identity service' };
  }
}
