/**
 * Ctrl/⌘+K (issue 18 item 7): focuses the sidebar's conversation search (the element marked
 * data-conversation-search), or the conversation list while there is none. Called on the frame
 * after the sidebar opens.
 */
export function focusConversationSearch() {
  const search = document.querySelector<HTMLElement>('[data-conversation-search]');
  const list = document.getElementById('history-heading')?.closest('section');
  if (search) search.focus();
  else if (list) {
    list.tabIndex = -1;
    list.focus();
  }
}
