import { useCallback, useEffect, useState, type RefObject } from 'react';
import { builtInTemplate } from '@contract/prompt-templates';
import { useScreen } from '@/lib/screen';
import type { ComposerHandle } from '../components/composer';

/** Issue 42: a teammate's shared conversation opens read-only at /chat?shared=<id>; the address follows what is shown. */
export function useSharedConversationId() {
  const screen = useScreen();
  const [sharedId, setSharedIdState] = useState<string | null>(() => (screen.onServer ? null : new URLSearchParams(window.location.search).get('shared')));
  const setSharedId = useCallback((id: string | null) => {
    setSharedIdState(id);
    const url = new URL(window.location.href);
    if (id) url.searchParams.set('shared', id);
    else url.searchParams.delete('shared');
    window.history.replaceState(window.history.state, '', url);
  }, []);
  return [sharedId, setSharedId] as const;
}

/** /app's AI templates open /chat?template=<slug>: the template goes into the message box, its blanks asked for first. */
export function useTemplateFromUrl(composerRef: RefObject<ComposerHandle | null>) {
  useEffect(() => {
    const url = new URL(window.location.href);
    const template = builtInTemplate(url.searchParams.get('template') ?? '');
    if (!template) return;
    url.searchParams.delete('template');
    window.history.replaceState(window.history.state, '', url);
    requestAnimationFrame(() => composerRef.current?.insertPrompt({ title: template.name, body: template.body }));
  }, []);
}
