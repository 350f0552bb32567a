import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('applies the documented defaults to an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      DATA_DIR: './data',
      CLIENT_DIR: './dist/client',
      TRUST_PROXY: false,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SESSION_SECRET).toBeUndefined();
  });

  it('treats empty strings as unset', () => {
    const config = loadConfig({ PORT: '', DATABASE_URL: '' });
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('names every bad variable in one message', () => {
    let message = '';
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', SESSION_SECRET: 'short', PUBLIC_URL: 'not a url' });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    expect(message.split('\n')[0]).toBe('Invalid configuration:');
    for (const name of ['PORT', 'DATABASE_URL', 'SESSION_SECRET', 'PUBLIC_URL']) expect(message).toContain(`  ${name}: `);
    expect(message).toContain('DATABASE_URL: must start with postgres:// or postgresql://');
    expect(message).toContain('SESSION_SECRET: must be at least 32 characters');
  });

  it('refuses single sign-on settings that cannot work together', () => {
    expect(() => loadConfig({ OIDC_ISSUER: 'https://id.example.com' })).toThrow('OIDC_CLIENT_ID: is required when OIDC_ISSUER is set');
    expect(() => loadConfig({ OIDC_ONLY: 'true' })).toThrow('OIDC_ONLY: needs OIDC_ISSUER (nobody could sign in)');
    expect(() => loadConfig({ OIDC_ISSUER: 'https://id.example.com', OIDC_CLIENT_ID: 'genie', OIDC_SCOPES: 'email' })).toThrow('OIDC_SCOPES: must include openid');
    const config = loadConfig({ OIDC_ISSUER: 'https://id.example.com', OIDC_CLIENT_ID: 'genie' });
    expect([config.OIDC_SCOPES, config.OIDC_DISPLAY_NAME, config.OIDC_ONLY, config.OIDC_TEAM_BY_EMAIL_DOMAIN]).toEqual(['openid email profile', 'SSO', false, false]);
  });
});
