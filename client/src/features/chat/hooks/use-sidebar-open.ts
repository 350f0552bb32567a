import { useCallback, useState } from 'react';
import { focusConversationSearch } from '../lib/focus-conversation-search';

const wideScreen = () => typeof window !== 'undefined' && window.matchMedia('(min-width: 1024px)').matches;

/** The chat sidebar: open on a wide screen, closed on a phone, where it gives way to what is opened from it. */
export function useSidebarOpen() {
  const [collapsed, setCollapsed] = useState(() => !wideScreen());
  const toggleSidebar = useCallback(() => setCollapsed((c) => !c), []);
  const closeSidebarOnPhone = useCallback(() => {
    if (!wideScreen()) setCollapsed(true);
  }, []);
  // Keyboard (issue 18 item 7). Ctrl/⌘+K opens the sidebar and focuses its conversation search
  // (the element marked data-conversation-search), or the conversation list while there is none.
  const openConversationSearch = useCallback(() => {
    setCollapsed(false);
    requestAnimationFrame(focusConversationSearch);
  }, []);
  return { collapsed, toggleSidebar, closeSidebarOnPhone, openConversationSearch };
}
