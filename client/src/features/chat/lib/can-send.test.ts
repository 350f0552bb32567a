import { describe, expect, it } from 'vitest';
import { canSendMessage } from './can-send';

describe('canSendMessage', () => {
  it('enables Send for text with no attachments', () => {
    expect(canSendMessage(false, 'hello', 0)).toBe(true);
  });
  it('enables Send for attachments alone, even with blank text', () => {
    expect(canSendMessage(false, '   ', 1)).toBe(true);
  });
  it('disables Send for empty or whitespace-only text without attachments', () => {
    expect(canSendMessage(false, '', 0)).toBe(false);
    expect(canSendMessage(false, ' \n\t ', 0)).toBe(false);
  });
  it('disables Send while a reply is streaming, whatever is typed or attached', () => {
    expect(canSendMessage(true, 'hello', 2)).toBe(false);
  });
});
