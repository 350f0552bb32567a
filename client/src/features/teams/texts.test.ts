import { describe, expect, it } from 'vitest';
import { TEAM_AUDIT_KIND_NAMES } from '@contract/team-audit';
import { MODE_NAMES } from '@contract/team-controls';
import english from '@/locales/en/teams.json';

// The screen says these names from teams.json; in English they stay the contract's, which the server's sentences use too.
describe('teams texts', () => {
  it('name audit kinds and chat modes in English as the contract does', () => {
    expect(english.audit.kinds).toEqual(TEAM_AUDIT_KIND_NAMES);
    expect(english.policy.modeNames).toEqual(MODE_NAMES);
  });
});
