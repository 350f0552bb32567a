import { describe, expect, it } from 'vitest';
import { withLocalTimes } from './local-times';

describe('withLocalTimes', () => {
  it('writes a server sentence’s ISO timestamp as a local date and time', () => {
    expect(withLocalTimes('Legal Mode Open Week is live until 2026-12-07T19:18:21.444Z.', 'en-US', 'Europe/Berlin')).toBe(
      'Legal Mode Open Week is live until Dec 7, 2026, 8:18 PM.',
    );
    expect(withLocalTimes('tracked until 2026-12-07T19:18:21Z', 'en-US', 'America/New_York')).toBe('tracked until Dec 7, 2026, 2:18 PM');
  });
  it('leaves text without a whole timestamp alone', () => {
    expect(withLocalTimes('Released 2026-12-07, version 3')).toBe('Released 2026-12-07, version 3');
  });
});
