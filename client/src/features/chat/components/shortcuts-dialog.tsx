import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { CHAT_SHORTCUTS } from '../lib/shortcuts';
import { useChatTexts } from '../texts';

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** The `?` dialog: every keyboard shortcut of the chat, with this system's modifier key. */
export function ShortcutsDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const { t } = useChatTexts();
  const mod = isMac() ? '⌘' : 'Ctrl';
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>{t('shortcuts.title')}</DialogTitle>
        <DialogDescription>{t('shortcuts.description')}</DialogDescription>
        <dl className="grid gap-2 text-sm">
          {CHAT_SHORTCUTS.map((shortcut) => (
            <div key={shortcut.action} className="flex items-center justify-between gap-4 border-b border-slate-100 pb-2 last:border-0">
              <dt className="text-slate-700">{t(`shortcuts.${shortcut.action}`)}</dt>
              <dd className="flex shrink-0 gap-1">
                {shortcut.keys.map((key) => (
                  <kbd key={key} className="min-w-7 rounded-md border border-slate-300 bg-slate-50 px-1.5 py-0.5 text-center font-mono text-xs text-slate-800 shadow-sm">
                    {key === 'mod' ? mod : key}
                  </kbd>
                ))}
              </dd>
            </div>
          ))}
        </dl>
      </DialogContent>
    </Dialog>
  );
}
