import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './database';

describe('isDatabaseUnavailable', () => {
  // pg-pool's own sentence when every connection stayed busy past connectionTimeoutMillis: 200
  // concurrent chats of one user on a loaded machine answered 500 with it (issue 19's bench).
  it('counts a pool that gave no connection in time as unavailable (503), not a bug (500)', () => {
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
  });

  it('still counts a wrong query as a bug', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('column "nope" does not exist'), { code: '42703' }))).toBe(false);
  });
});
