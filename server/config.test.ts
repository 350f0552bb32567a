import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('reads MODEL_PRICE_<PERSONA> as USD per million tokens in and out, and names a bad one', () => {
    const config = loadConfig({ MODEL_PRICE_DEFAULT: '0.15,0.60', MODEL_PRICE_G: ' 3 , 15 ' });
    expect(config.MODEL_PRICE_DEFAULT).toEqual({ inPerMillion: 0.15, outPerMillion: 0.6 });
    expect(config.MODEL_PRICE_G).toEqual({ inPerMillion: 3, outPerMillion: 15 });
    expect(config.MODEL_PRICE_GINA).toBeUndefined();
    expect(() => loadConfig({ MODEL_PRICE_GINO: '0.15' })).toThrow('MODEL_PRICE_GINO: must be "<in>,<out>" in USD per million tokens, e.g. 0.15,0.60');
  });

  it('reads payment rates and BTCPay settings, naming a bad rate and BTCPay set by halves (issue 41)', () => {
    expect(loadConfig({ PAYMENT_RATE_BTC_USD: '65000.5' }).PAYMENT_RATE_BTC_USD).toBe('65000.5');
    expect(loadConfig({}).BILLING_INVOICE_MINUTES).toBe(60);
    expect(() => loadConfig({ PAYMENT_RATE_ETH_USD: '-3' })).toThrow('PAYMENT_RATE_ETH_USD: must be a positive decimal such as 65000 or 0.9998');
    expect(() => loadConfig({ PAYMENT_RATE_ETH_USD: '0' })).toThrow('PAYMENT_RATE_ETH_USD: must be above 0');
    expect(() => loadConfig({ BTCPAY_URL: 'https://btcpay.example.com', BTCPAY_STORE_ID: 'store' })).toThrow(
      'BTCPAY_URL: BTCPAY_URL, BTCPAY_STORE_ID, BTCPAY_API_KEY and BTCPAY_WEBHOOK_SECRET are needed together',
    );
  });

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

  it('refuses an OCR language whose data is not installed, naming the npm package', () => {
    expect(() => loadConfig({ OCR_LANGUAGES: 'eng+deu' })).toThrow('OCR_LANGUAGES: no OCR data for "deu" is installed; add it with: npm install @tesseract.js-data/deu');
    expect(() => loadConfig({ OCR_LANGUAGES: 'eng, deu' })).toThrow('OCR_LANGUAGES: must be Tesseract language codes joined by +, such as eng or eng+deu');
    const off = loadConfig({ OCR: 'off', OCR_LANGUAGES: 'deu' });
    expect([off.OCR, off.OCR_LANGUAGES, off.OCR_MAX_PAGES]).toEqual(['off', 'deu', 200]);
    const on = loadConfig({});
    expect([on.OCR, on.OCR_LANGUAGES, on.OCR_MAX_PAGES]).toEqual(['on', 'eng', 200]);
  });

  it('checks the LDAP settings together and parses the filters at start', () => {
    expect(loadConfig({}).LDAP_USER_FILTER).toBe('(|(uid={{username}})(mail={{username}}))');
    expect(loadConfig({}).LDAP_DISABLED_FILTER).toBe('(|(employeeType=disabled)(pwdAccountLockedTime=*))');
    expect(() => loadConfig({ LDAP_URL: 'http://dir.example' })).toThrow('LDAP_URL: must be ldap://host[:port] or ldaps://host[:port]');
    expect(() => loadConfig({ LDAP_URL: 'ldap://127.0.0.1:389' })).toThrow('LDAP_USER_BASE: is required when LDAP_URL is set');
    expect(() => loadConfig({ LDAP_URL: 'ldaps://127.0.0.1', LDAP_USER_BASE: 'dc=x', LDAP_STARTTLS: 'true' })).toThrow('LDAP_STARTTLS: ldaps:// is TLS already');
    expect(() => loadConfig({ LDAP_URL: 'ldap://127.0.0.1', LDAP_USER_BASE: 'dc=x', LDAP_BIND_DN: 'cn=genie,dc=x' })).toThrow('LDAP_BIND_PASSWORD: is required');
    expect(() => loadConfig({ LDAP_USER_FILTER: '(uid=someone)' })).toThrow('LDAP_USER_FILTER: must contain {{username}}');
    expect(() => loadConfig({ LDAP_URL: 'ldap://127.0.0.1', LDAP_USER_BASE: 'dc=x', LDAP_USER_FILTER: '(uid={{username}}' })).toThrow('LDAP_USER_FILTER: is not an LDAP filter');
    expect(() => loadConfig({ LDAP_URL: 'ldap://127.0.0.1', LDAP_USER_BASE: 'dc=x', LDAP_DISABLED_FILTER: '(&(a=b)' })).toThrow('LDAP_DISABLED_FILTER: is not an LDAP filter');
    expect(loadConfig({ LDAP_URL: 'ldap://127.0.0.1:3389', LDAP_USER_BASE: 'ou=people,dc=x', LDAP_STARTTLS: 'true' }).LDAP_STARTTLS).toBe(true);
  });
});
