import { useState, type ReactNode } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { useTranslation } from '@/lib/i18n/i18n';

interface ConfirmButtonProps {
  /** The button that opens the question. */
  children: ReactNode;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm(): Promise<unknown>;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  disabled?: boolean;
  'aria-label'?: string;
}

/**
 * A button that asks in the app's own dialog before doing something that cannot be undone from here
 * (remove, leave, transfer; suspend, send a reset, revoke keys). Not window.confirm: the browser's
 * box looks like another site's and cannot be styled or read by the page's tests (issue 42).
 */
export function ConfirmButton(props: ConfirmButtonProps) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const { t } = useTranslation();
  return (
    <>
      <Button variant={props.variant ?? 'outline'} size={props.size ?? 'sm'} disabled={props.disabled} aria-label={props['aria-label']} onClick={() => setOpen(true)}>
        {props.children}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogTitle>{props.title}</DialogTitle>
          <DialogDescription>{props.description}</DialogDescription>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => setOpen(false)}>
              {t('cancel')}
            </Button>
            <Button
              variant={props.variant === 'destructive' ? 'destructive' : 'default'}
              disabled={busy}
              onClick={async () => {
                setBusy(true);
                try {
                  await props.onConfirm();
                } finally {
                  setBusy(false);
                  setOpen(false);
                }
              }}
            >
              {props.confirmLabel}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}
