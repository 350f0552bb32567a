import { describe, expect, it } from 'vitest';
import { activeMention, knowledgeOf, withoutMention, type Mention } from './mention';

describe('activeMention', () => {
  it('finds the @query before the caret at the start of the text or after a space', () => {
    expect(activeMention('@', 1)).toEqual({ start: 0, query: '' });
    expect(activeMention('what does @acme', 15)).toEqual({ start: 10, query: 'acme' });
    expect(activeMention('line one\n@q3', 12)).toEqual({ start: 9, query: 'q3' });
  });

  it('ignores an @ inside a word, a finished mention and a caret before the @', () => {
    expect(activeMention('mail ana@example.com', 20)).toBeNull();
    expect(activeMention('@acme and more', 14)).toBeNull();
    expect(activeMention('ask @acme', 3)).toBeNull();
  });

  it('reads only up to the caret', () => {
    expect(activeMention('ask @acme-msa.pdf now', 9)).toEqual({ start: 4, query: 'acme' });
  });
});

describe('withoutMention', () => {
  it('takes the typed @query out and puts the caret where it was', () => {
    expect(withoutMention('what does @acm say', { start: 10, query: 'acm' })).toEqual({ text: 'what does say', caret: 10 });
    expect(withoutMention('@acm', { start: 0, query: 'acm' })).toEqual({ text: '', caret: 0 });
    expect(withoutMention('notice period @', { start: 14, query: '' })).toEqual({ text: 'notice period ', caret: 14 });
  });
});

describe('knowledgeOf', () => {
  const file = (id: string): Mention => ({ kind: 'file', id, name: `${id}.pdf`, scope: 'private', searchable: true });
  const folder = (id: string): Mention => ({ kind: 'folder', id, name: id, scope: 'team', searchable: true });

  it('asks for the chosen scope when nothing is named', () => {
    expect(knowledgeOf('team', [])).toEqual({ scope: 'team' });
  });

  it('asks for the named files and folders in every library, sending only the lists that have ids', () => {
    expect(knowledgeOf('private', [file('f1'), folder('d1'), file('f2')])).toEqual({ scope: 'all', fileIds: ['f1', 'f2'], folderIds: ['d1'] });
    expect(knowledgeOf('private', [folder('d1')])).toEqual({ scope: 'all', folderIds: ['d1'] });
  });
});
