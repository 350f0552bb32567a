import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useEffect, useRef, type ComponentProps, type RefObject } from 'react';
import { openerOutside, returnFocus } from '@/lib/focus-return';
import { useTranslation } from '@/lib/i18n/i18n';
import { cn } from '@/lib/utils';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

/** Rendered inside the content, so it runs each time the dialog opens: notes whom to give focus back to. */
function NoteOpener({ content, opener }: { content: RefObject<HTMLDivElement | null>; opener: RefObject<HTMLElement | null> }) {
  // A passive effect: the content's ref is attached only after its children's layout effects.
  useEffect(() => {
    if (content.current) opener.current = openerOutside(content.current);
  }, [content, opener]);
  return null;
}

export function DialogContent({ className, children, onCloseAutoFocus, ...props }: ComponentProps<typeof DialogPrimitive.Content>) {
  const { t } = useTranslation();
  // Radix gives focus back only to a Dialog.Trigger; Genie's dialogs open from state, so focus fell
  // to the body (issue 44). lib/focus-return.ts decides instead.
  const content = useRef<HTMLDivElement | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/60" />
      <DialogPrimitive.Content
        className={cn(
          'fixed left-1/2 top-1/2 z-50 grid max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-auto rounded-2xl bg-white p-6 shadow-xl',
          className,
        )}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          if (event.defaultPrevented) return;
          event.preventDefault();
          returnFocus(opener.current);
        }}
        {...props}
        ref={content}
      >
        <NoteOpener content={content} opener={opener} />
        {children}
        <DialogPrimitive.Close aria-label={t('close')} className="absolute right-4 top-4 rounded-md p-1 opacity-70 hover:opacity-100">
          <X className="h-4 w-4" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export const DialogTitle = ({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) => (
  <DialogPrimitive.Title className={cn('text-lg font-semibold', className)} {...props} />
);
export const DialogDescription = ({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) => (
  <DialogPrimitive.Description className={cn('text-sm text-slate-500', className)} {...props} />
);
