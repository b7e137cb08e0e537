import { z } from 'zod';
import { ConfigError, loadConfig } from './config';

const valid = { PORT: '8100', DATABASE_URL: 'postgres://u@localhost/db', NATS_URL: 'nats://localhost:4222', SUPABASE_JWT_SECRET: 'a-secret-of-16-characters' };

describe('loadConfig', () => {
  it('parses and defaults', () => {
    const config = loadConfig(valid);
    expect(config.PORT).toBe(8100);
    expect(config.AUTH_AUDIENCE).toBe('authenticated');
    expect(config.EVENT_BUS).toBe('nats');
  });

  it('names every bad or missing variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty' });
    } catch (err) {
      const message = (err as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL');
    }
    expect(() => loadConfig({ PORT: '1', DATABASE_URL: 'postgres://u@h/d' })).toThrow(/NATS_URL[\s\S]*AUTH_JWKS_URL/);
  });

  it('checks the service’s own variables too', () => {
    expect(() => loadConfig(valid, { CREDITS: z.coerce.number().int() })).toThrow(/CREDITS/);
    expect(loadConfig({ ...valid, CREDITS: '5' }, { CREDITS: z.coerce.number().int() }).CREDITS).toBe(5);
  });

  it('allows no NATS only for the in-process bus', () => {
    const { NATS_URL: _omit, ...rest } = valid;
    expect(() => loadConfig(rest)).toThrow(/NATS_URL/);
    expect(loadConfig({ ...rest, EVENT_BUS: 'in-process' }).EVENT_BUS).toBe('in-process');
  });

  it('reads the settings it shares with the gateway as the gateway does (one declaration)', () => {
    expect(() => loadConfig({ ...valid, SUPABASE_JWT_SECRET: 'short' })).toThrow(/SUPABASE_JWT_SECRET: must be at least 16 characters/);
    expect(loadConfig({ ...valid, AUTH_AUDIENCE: '' }).AUTH_AUDIENCE).toBe('authenticated');
    expect(() => loadConfig({ ...valid, AUTH_JWKS_URL: 'ftp://keys.example.com/jwks.json' })).toThrow(/AUTH_JWKS_URL: must be an http\(s\) URL/);
  });
});
