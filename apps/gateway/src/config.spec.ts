import { ConfigError } from '@app/service-kit/core';
import { defaultWebDist, loadGatewayConfig } from './config';

describe('loadGatewayConfig', () => {
  it('defaults to the public port, every local service and identity JWKS', () => {
    const config = loadGatewayConfig({});
    expect(config).toMatchObject({
      PORT: 8080,
      HOST: '0.0.0.0',
      AUTH_JWKS_URL: 'http://127.0.0.1:8101/auth/v1/.well-known/jwks.json',
      AUTH_AUDIENCE: 'authenticated',
      IDENTITY_URL: ['http://127.0.0.1:8101'],
      VOICE_URL: ['http://127.0.0.1:8106'],
      WEB_DIST: defaultWebDist,
      CORS_ORIGINS: [],
      TRUST_PROXY: false,
      UPSTREAM_CONNECT_TIMEOUT_MS: 2000,
      UPSTREAM_RESPONSE_TIMEOUT_MS: 5000,
    });
    expect(config.SUPABASE_JWT_SECRET).toBeUndefined();
    expect(defaultWebDist).toMatch(/apps[/\\]web[/\\]dist$/);
  });

  it('derives the JWKS URL from IDENTITY_URL, and uses only the secret when a secret alone is set', () => {
    expect(loadGatewayConfig({ IDENTITY_URL: 'http://identity:8101/' }).AUTH_JWKS_URL).toBe('http://identity:8101/auth/v1/.well-known/jwks.json');
    const hs = loadGatewayConfig({ SUPABASE_JWT_SECRET: 'super-secret-jwt-token-with-32-chars' });
    expect(hs.AUTH_JWKS_URL).toBeUndefined();
    const both = loadGatewayConfig({
      SUPABASE_JWT_SECRET: 'super-secret-jwt-token-with-32-chars',
      AUTH_JWKS_URL: 'https://x.supabase.co/auth/v1/.well-known/jwks.json',
    });
    expect(both.AUTH_JWKS_URL).toBe('https://x.supabase.co/auth/v1/.well-known/jwks.json');
  });

  it('parses lists and the trust proxy setting', () => {
    const config = loadGatewayConfig({
      CORS_ORIGINS: 'https://a.example.com, http://localhost:5173,',
      TRUST_PROXY: '10.0.0.0/8,loopback',
      CSP_CONNECT_SRC: 'wss://api.elevenlabs.io',
    });
    expect(config.CORS_ORIGINS).toEqual(['https://a.example.com', 'http://localhost:5173']);
    expect(config.TRUST_PROXY).toEqual(['10.0.0.0/8', 'loopback']);
    expect(config.CSP_CONNECT_SRC).toEqual(['wss://api.elevenlabs.io']);
    expect(loadGatewayConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadGatewayConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
  });

  it("takes a service's replicas as a comma-separated list, each checked, each of identity's serving the default JWKS", () => {
    const config = loadGatewayConfig({ PRACTICE_URL: 'http://127.0.0.1:9001, http://127.0.0.1:9002/', IDENTITY_URL: 'http://a:1,http://b:2' });
    expect(config.upstreams.practice).toEqual(['http://127.0.0.1:9001', 'http://127.0.0.1:9002']);
    expect(config.upstreams.profile).toEqual(['http://127.0.0.1:8105']);
    expect(config.AUTH_JWKS_URL).toBe('http://a:1/auth/v1/.well-known/jwks.json,http://b:2/auth/v1/.well-known/jwks.json');
    expect(() => loadGatewayConfig({ PRACTICE_URL: 'http://127.0.0.1:9001,ftp://x' })).toThrow(/^ {2}PRACTICE_URL\.1: must be an http\(s\) URL/m);
  });

  it('stops with one message naming every bad variable', () => {
    let error: unknown;
    try {
      loadGatewayConfig({
        PORT: 'eighty',
        PROFILE_URL: 'not a url',
        CORS_ORIGINS: 'https://ok.example.com,*',
        SUPABASE_JWT_SECRET: 'short',
        TRUST_PROXY: 'everyone',
        LOG_LEVEL: 'loud',
      });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const name of ['PORT', 'PROFILE_URL', 'CORS_ORIGINS', 'SUPABASE_JWT_SECRET', 'TRUST_PROXY', 'LOG_LEVEL'])
      expect(message).toMatch(new RegExp(`^  ${name}`, 'm'));
  });

  it('treats empty variables as unset', () => {
    expect(loadGatewayConfig({ SUPABASE_JWT_SECRET: '', AUTH_ISSUER: '', AUTH_JWKS_URL: '' }).AUTH_JWKS_URL).toBe(
      'http://127.0.0.1:8101/auth/v1/.well-known/jwks.json',
    );
  });
});
