import { chatText } from '../texts';

/**
 * The one polite live region of the chat: a finished reply is read once, whole, by a screen
 * reader (issue 44). The streamed preview is no live region: it changed about 19 times a second and
 * was removed when the reply landed, so nothing was ever announced.
 */
export function ReplyAnnouncer({ announcement }: { announcement: string }) {
  return (
    <div aria-live="polite" aria-atomic="true" className="sr-only" data-testid="reply-announcer">
      {announcement}
    </div>
  );
}

/** The most a screen reader is handed of one reply; the rest is on screen to read on. */
export const ANNOUNCED_CHARACTERS = 1_000;

/** What is announced for a finished reply: who wrote it, then its words without Markdown marks. */
export function replyAnnouncement(personaName: string, plainText: string): string {
  const text = plainText.length > ANNOUNCED_CHARACTERS ? `${plainText.slice(0, ANNOUNCED_CHARACTERS).trimEnd()}…` : plainText;
  return chatText('message.announcement', { name: personaName, text });
}
