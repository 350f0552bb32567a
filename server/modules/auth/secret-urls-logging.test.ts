import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../tests/support/test-app';

describe('request log', () => {
  it('never shows a reset token or an OAuth code from a URL', async () => {
    const lines: string[] = [];
    const t = await createTestApp({ deps: { logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } } } });
    try {
      await t.app.inject({ method: 'GET', url: '/reset-password?token=RESET-SECRET-123' });
      await t.app.inject({ method: 'GET', url: '/api/auth/oidc/callback?code=CODE-SECRET-456&state=STATE-SECRET-789' });
      const log = lines.join('');
      expect(log).toContain('"url":"/reset-password?token=%5Bredacted%5D"');
      expect(log).toContain('"url":"/api/auth/oidc/callback?code=%5Bredacted%5D&state=%5Bredacted%5D"');
      for (const secret of ['RESET-SECRET-123', 'CODE-SECRET-456', 'STATE-SECRET-789']) expect(log).not.toContain(secret);
    } finally {
      await t.close();
    }
  });
});
