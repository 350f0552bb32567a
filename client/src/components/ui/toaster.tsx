import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/i18n';
import { cn } from '@/lib/utils';
import { dismissToast, useToasts } from './use-toast';

/**
 * Where a toast covers no control. At the bottom on every page: the tops are where /files' Upload,
 * New Folder and view toggle, the phone's File Manager title and the admin tabs are, and a toast
 * under the header covered them for 5 s (issue 42). On the chat screen the bottom is its message
 * box and Send button (issue 18), so there the toast sits under the header, over the messages,
 * unless a dialog (the file browser, with its own Upload and view toggle) is open over it.
 */
export function toastPlacement(path = window.location.pathname, dialogOpen = document.querySelector('[role="dialog"]') !== null): 'top' | 'bottom' {
  return path === '/chat' && !dialogOpen ? 'top' : 'bottom';
}

/** SPEC §9: 5000 ms default, swipe right past 50 px to dismiss, F8 focuses the region. */
export function Toaster() {
  const toasts = useToasts();
  const { t: translate } = useTranslation();
  // Decided each time the toasts change, that is when one is shown.
  const placement = toastPlacement();
  return (
    <ToastPrimitive.Provider duration={5000} swipeDirection="right" swipeThreshold={50}>
      {toasts.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id);
          }}
          className={cn(
            'group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-xl border p-4 pr-8 shadow-lg',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=end]:opacity-0 transition',
            t.variant === 'destructive' ? 'border-red-600 bg-red-600 text-white' : 'border-slate-200 bg-white text-slate-900',
          )}
        >
          <div className="grid gap-1">
            {t.title && <ToastPrimitive.Title className="text-sm font-semibold">{t.title}</ToastPrimitive.Title>}
            {t.description && <ToastPrimitive.Description className="text-sm opacity-90">{t.description}</ToastPrimitive.Description>}
          </div>
          {t.action}
          <ToastPrimitive.Close aria-label={translate('close')} className="absolute right-2 top-2 rounded-md p-1 opacity-70 hover:opacity-100">
            <X className="h-4 w-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        data-placement={placement}
        className={cn(
          'fixed right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 sm:max-w-[420px]',
          placement === 'top' ? 'top-14' : 'bottom-0',
        )}
      />
    </ToastPrimitive.Provider>
  );
}
