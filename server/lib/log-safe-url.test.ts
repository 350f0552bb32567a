import { describe, expect, it } from 'vitest';
import { logSafeUrl } from './log-safe-url';

describe('logSafeUrl', () => {
  it('hides secret query values and keeps the rest', () => {
    expect(logSafeUrl('/reset-password?token=abc123')).toBe('/reset-password?token=%5Bredacted%5D');
    expect(logSafeUrl('/api/auth/oidc/callback?code=c0de&state=st4te&iss=http%3A%2F%2Fid')).toBe(
      '/api/auth/oidc/callback?code=%5Bredacted%5D&state=%5Bredacted%5D&iss=http%3A%2F%2Fid',
    );
  });

  it('leaves URLs without secrets exactly as they were', () => {
    expect(logSafeUrl('/api/files?folder=a%20b&cursor=x')).toBe('/api/files?folder=a%20b&cursor=x');
    expect(logSafeUrl('/api/auth/me')).toBe('/api/auth/me');
  });
});
