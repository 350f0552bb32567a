import { describe, expect, it } from 'vitest';
import { shortcutOf, type ShortcutKey } from './shortcuts';

const press = (key: string, extra: Partial<ShortcutKey> = {}): ShortcutKey => ({
  key, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, typing: false, ...extra,
});

describe('shortcutOf', () => {
  it('reads Ctrl+K and ⌘K as search, even while typing', () => {
    expect(shortcutOf(press('k', { ctrlKey: true }))).toBe('search');
    expect(shortcutOf(press('k', { metaKey: true, typing: true }))).toBe('search');
  });
  it('reads Ctrl/⌘+Shift+O as a new chat (the key arrives upper-case with Shift)', () => {
    expect(shortcutOf(press('O', { ctrlKey: true, shiftKey: true }))).toBe('new-chat');
    expect(shortcutOf(press('o', { metaKey: true, shiftKey: true }))).toBe('new-chat');
    expect(shortcutOf(press('o', { ctrlKey: true }))).toBe(null);
  });
  it('reads ? as help only outside text fields', () => {
    expect(shortcutOf(press('?', { shiftKey: true }))).toBe('help');
    expect(shortcutOf(press('?', { shiftKey: true, typing: true }))).toBe(null);
  });
  it('ignores plain keys and Alt combinations', () => {
    expect(shortcutOf(press('k'))).toBe(null);
    expect(shortcutOf(press('k', { ctrlKey: true, altKey: true }))).toBe(null);
  });
});
