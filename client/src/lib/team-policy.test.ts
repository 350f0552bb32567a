import { describe, expect, it } from 'vitest';
import { CHAT_MODES } from '@contract/chat';
import { PERSONAS } from '@contract/personas';
import { allowedMode, allowedPersonaId, allowedPersonas } from './team-policy';

const ids = (list: readonly { id: string }[]) => list.map((p) => p.id);

/** Issue 43: the chat offers only the personas and modes the team's policy allows. */
describe('what the chat offers under a team policy', () => {
  it('offers only the allowed personas, in the catalogue order', () => {
    expect(ids(allowedPersonas(PERSONAS, { personas: ['gina', 'default'], modes: [...CHAT_MODES] }))).toEqual(['default', 'gina']);
    expect(ids(allowedPersonas(PERSONAS, undefined))).toEqual(['default', 'gino', 'gina', 'g']);
    // None allowed: all shown, so the chat opens and the refusal explains.
    expect(ids(allowedPersonas(PERSONAS, { personas: [], modes: [] }))).toEqual(['default', 'gino', 'gina', 'g']);
  });

  it('swaps a chosen persona the policy turned off for the first allowed one', () => {
    const allowed = allowedPersonas(PERSONAS, { personas: ['gina', 'g'], modes: [] });
    expect(allowedPersonaId('gino', allowed)).toBe('gina');
    expect(allowedPersonaId('g', allowed)).toBe('g');
  });

  it('swaps a mode the policy turned off for the first allowed one', () => {
    expect(allowedMode('law', CHAT_MODES, { personas: [], modes: ['dictionary', 'law'] })).toBe('law');
    expect(allowedMode('chat', CHAT_MODES, { personas: [], modes: ['dictionary'] })).toBe('dictionary');
    expect(allowedMode('law', CHAT_MODES, { personas: [], modes: ['chat', 'dictionary'] })).toBe('chat');
    expect(allowedMode('law', CHAT_MODES, undefined)).toBe('law');
  });
});
