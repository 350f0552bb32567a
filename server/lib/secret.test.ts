import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveSessionSecret } from './secret';

describe('session secret', () => {
  it('uses SESSION_SECRET when set and writes nothing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'genie-secret-'));
    try {
      expect(resolveSessionSecret('x'.repeat(40), dir)).toBe('x'.repeat(40));
      expect(() => statSync(join(dir, 'session-secret'))).toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('generates one secret on first start, private to the owner, and keeps it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'genie-secret-'));
    try {
      const first = resolveSessionSecret(undefined, dir);
      expect(first).toMatch(/^[A-Za-z0-9_-]{64}$/);
      expect(statSync(join(dir, 'session-secret')).mode & 0o777).toBe(0o600);
      expect(resolveSessionSecret(undefined, dir)).toBe(first);
      expect(readFileSync(join(dir, 'session-secret'), 'utf8')).toBe(first);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
