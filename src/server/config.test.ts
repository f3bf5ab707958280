import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('config', () => {
  it('needs nothing: every key has a default', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, BRAND_NAME: 'Zerri', PUBLIC_URL: 'http://localhost:3000', isProduction: false });
    expect(config.DATA_DIR).toMatch(/data$/);
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('lists every bad key at once', () => {
    try {
      loadConfig({ PORT: 'eighty', PUBLIC_URL: 'not a url', ADMIN_EMAILS: 'ok@example.com, nope', AUTH_SECRET: 'short' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).badKeys.sort()).toEqual(['ADMIN_EMAILS', 'AUTH_SECRET', 'PORT', 'PUBLIC_URL']);
      expect((error as Error).message).toContain('PORT');
    }
  });

  it('refuses a Stripe secret key without its webhook secret', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_zerri' })).toThrow(
      expect.objectContaining({ badKeys: ['STRIPE_WEBHOOK_SECRET'], message: expect.stringContaining('STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set') }),
    );
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_zerri', PORT: 'eighty' })).toThrow(expect.objectContaining({ badKeys: ['PORT', 'STRIPE_WEBHOOK_SECRET'] }));
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_zerri', STRIPE_WEBHOOK_SECRET: 'whsec_zerri' }).STRIPE_WEBHOOK_SECRET).toBe('whsec_zerri');
  });

  it('parses lists and trims the public URL', () => {
    const config = loadConfig({ ADMIN_EMAILS: ' A@Example.com ,b@example.com', PUBLIC_URL: 'https://zerri.example/' });
    expect(config.ADMIN_EMAILS).toEqual(['a@example.com', 'b@example.com']);
    expect(config.PUBLIC_URL).toBe('https://zerri.example');
  });
});
