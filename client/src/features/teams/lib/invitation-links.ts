/**
 * Invitation links this tab created, by invitation id. The server stores only a link's hash, so a
 * link can be shown again only where it was made; sessionStorage keeps it for this tab and forgets
 * it when the tab closes (a link is a key to the team: it should not linger in the browser).
 */
const KEY = 'genieInvitationLinks';

function read(): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(window.sessionStorage.getItem(KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

export function rememberInvitationLink(id: string, url: string) {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify({ ...read(), [id]: url }));
  } catch {
    // Storage unavailable: the link is still shown once, right after it is made.
  }
}

export const invitationLinkOf = (id: string): string | undefined => read()[id];
