import { describe, expect, it } from 'vitest';
import { resourceErrorOf } from './resource-errors';

const FULL = 'The server has run out of storage space. Please try again later.';

describe('resourceErrorOf', () => {
  it("maps the database's own disk_full (SQLSTATE 53100) to 507, as a full disk under the embedded database answers", () => {
    // What PGlite throws when an insert cannot grow a table's file on a full DATA_DIR (issue 47).
    const error = Object.assign(new Error('could not extend file "base/5/16488_fsm": No space left on device'), { code: '53100' });
    const mapped = resourceErrorOf(new Error('Failed query: insert into messages ...', { cause: error }));
    expect({ code: mapped?.code, message: mapped?.message }).toEqual({ code: 'insufficient_storage', message: FULL });
  });

  it('maps ENOSPC and EDQUOT to 507 and leaves other database errors alone', () => {
    expect(resourceErrorOf(Object.assign(new Error('no space'), { code: 'ENOSPC' }))?.code).toBe('insufficient_storage');
    expect(resourceErrorOf(Object.assign(new Error('quota'), { code: 'EDQUOT' }))?.code).toBe('insufficient_storage');
    expect(resourceErrorOf(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBeUndefined();
  });
});
