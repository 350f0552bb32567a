import { useCallback, useState } from 'react';
import { useScreen } from '@/lib/screen';
import { focusConversationSearch } from '../lib/focus-conversation-search';

const WIDE_SCREEN = '(min-width: 1024px)';

/** The chat sidebar: open on a wide screen, closed on a phone, where it gives way to what is opened from it. */
export function useSidebarOpen() {
  const screen = useScreen();
  const [collapsed, setCollapsed] = useState(() => !screen.matches(WIDE_SCREEN));
  const toggleSidebar = useCallback(() => setCollapsed((c) => !c), []);
  const closeSidebarOnPhone = useCallback(() => {
    if (!screen.matches(WIDE_SCREEN)) setCollapsed(true);
  }, [screen]);
  // Keyboard (issue 18 item 7). Ctrl/⌘+K opens the sidebar and focuses its conversation search
  // (the element marked data-conversation-search), or the conversation list while there is none.
  const openConversationSearch = useCallback(() => {
    setCollapsed(false);
    requestAnimationFrame(focusConversationSearch);
  }, []);
  return { collapsed, toggleSidebar, closeSidebarOnPhone, openConversationSearch };
}
