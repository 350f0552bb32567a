import { describe, expect, it } from 'vitest';
import type { Attachment } from '@contract/chat';
import { composerInput, composerKeyAction, type ComposerDraft, type ComposerKey } from './composer-send';

const report: Attachment = { url: '/api/files/f1/download', name: 'report.pdf', type: 'application/pdf', size: 2048 };
const draft: ComposerDraft = { sending: false, text: 'Hello', attachments: [], generateImage: false, searchFiles: false, scope: 'all', mentions: [] };

describe('composerInput: what Send sends', () => {
  it('sends the text as typed, with no files searched while "Search my files" is off', () => {
    expect(composerInput(draft)).toEqual({ text: 'Hello', attachments: [], generateImage: false, knowledge: undefined });
  });
  it('sends attachments alone, and "Generate image" with them', () => {
    expect(composerInput({ ...draft, text: '  ', attachments: [report], generateImage: true })).toEqual({ text: '  ', attachments: [report], generateImage: true, knowledge: undefined });
  });
  it('searches the chosen library, or only the files and folders named with @', () => {
    expect(composerInput({ ...draft, searchFiles: true, scope: 'team' })?.knowledge).toEqual({ scope: 'team' });
    const mentions = [
      { kind: 'file' as const, id: 'f1', name: 'report.pdf', scope: 'private' as const, searchable: true },
      { kind: 'folder' as const, id: 'd1', name: 'Taxes', scope: 'team' as const, searchable: true },
    ];
    expect(composerInput({ ...draft, searchFiles: true, scope: 'team', mentions })?.knowledge).toEqual({ scope: 'all', fileIds: ['f1'], folderIds: ['d1'] });
  });
  it('sends nothing for blanks alone, or while a reply streams', () => {
    expect(composerInput({ ...draft, text: ' \n ' })).toBeNull();
    expect(composerInput({ ...draft, sending: true, attachments: [report] })).toBeNull();
  });
});

const press = (key: string, change: Partial<ComposerKey> = {}): ComposerKey => ({ key, shiftKey: false, altKey: false, ctrlKey: false, metaKey: false, isComposing: false, ...change });

describe('composerKeyAction: the message box keys', () => {
  it('Enter sends; Shift+Enter and an input method\'s Enter do not', () => {
    expect(composerKeyAction(press('Enter'), 'Hello', true)).toBe('send');
    expect(composerKeyAction(press('Enter', { shiftKey: true }), 'Hello', true)).toBeNull();
    expect(composerKeyAction(press('Enter', { isComposing: true }), 'Hello', true)).toBeNull();
  });
  it('Up in an empty box edits the last message, only when the screen offers it and with no modifier', () => {
    expect(composerKeyAction(press('ArrowUp'), '', true)).toBe('edit-last');
    expect(composerKeyAction(press('ArrowUp'), '', false)).toBeNull();
    expect(composerKeyAction(press('ArrowUp'), 'draft', true)).toBeNull();
    expect(composerKeyAction(press('ArrowUp', { altKey: true }), '', true)).toBeNull();
  });
});
