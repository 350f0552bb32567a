/**
 * Whether the composer's Send is enabled: not while a reply is streaming, and only when there is
 * something to send — visible text or at least one attachment (a message of blanks alone is not).
 */
export function canSendMessage(sending: boolean, text: string, attachmentCount: number): boolean {
  return !sending && (text.trim() !== '' || attachmentCount > 0);
}
