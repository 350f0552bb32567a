import { Download, FileArchive, KeyRound, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { errorSentence } from '@/lib/error-sentence';
import { useEraseAccount } from '../api/erase-account';
import { useExports } from '../api/get-exports';
import { useStartExport } from '../api/start-export';
import { i18n, useTranslation } from '@/lib/i18n/i18n';
import { formatDate } from '../lib/format';

const sizeText = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

/**
 * How the owner proves it is them before erasing: the password, or (an account made by single
 * sign-on has none) a fresh sign-in at the provider, which comes back to /profile?tab=settings&erase=confirm.
 */
export type EraseConfirmation = { kind: 'password' } | { kind: 'sso'; name: string };

/** Take your data out as a ZIP, or erase the account for good. */
export function YourDataCard({ eraseConfirmation = { kind: 'password' } }: { eraseConfirmation?: EraseConfirmation }) {
  const { t } = useTranslation('profile');
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle>{t('data.title')}</CardTitle>
        <CardDescription>{t('data.text')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <ExportSection />
        <EraseSection confirmation={eraseConfirmation} />
      </CardContent>
    </Card>
  );
}

function ExportSection() {
  const { t } = useTranslation('profile');
  const exports = useExports();
  const start = useStartExport();
  const latest = exports.data?.exports[0];
  const building = latest?.status === 'building';

  async function onStart() {
    try {
      await start.mutateAsync();
    } catch (error) {
      toast({ title: t('data.exportFailed'), description: errorSentence(error), variant: 'destructive' });
    }
  }

  return (
    <section aria-labelledby="export-heading" className="grid gap-3">
      <div>
        <h3 id="export-heading" className="font-medium text-slate-900">
          {t('data.exportTitle')}
        </h3>
        <p className="text-sm text-slate-500">{t('data.exportText')}</p>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <Button onClick={onStart} disabled={start.isPending || building}>
          {building ? <Spinner className="h-4 w-4" /> : <FileArchive aria-hidden="true" />}
          {building ? t('data.preparing') : t('data.exportButton')}
        </Button>
        {latest?.status === 'ready' && latest.downloadUrl && (
          <Button asChild variant="outline">
            <a href={latest.downloadUrl} download>
              <Download aria-hidden="true" />
              {t('data.download')}
              {latest.size !== null ? ` (${sizeText(latest.size)})` : ''}
            </a>
          </Button>
        )}
      </div>
      <p className="text-sm text-slate-500" role="status">
        {latest?.status === 'ready' && t('data.ready', { date: formatDate(latest.expiresAt) })}
        {latest?.status === 'failed' && t('data.exportBroke')}
      </p>
    </section>
  );
}

/** Why the provider's confirmation did not work, from ?sso_error=<reason> (oidc.routes.ts). */
function ssoConfirmError(reason: string | null, name: string): string | undefined {
  if (!reason) return undefined;
  if (reason === 'mismatch') return i18n.t('profile:data.ssoMismatch', { name });
  if (reason === 'unavailable') return i18n.t('profile:data.ssoUnavailable', { name });
  return i18n.t('profile:data.ssoFailed', { name });
}

function EraseSection({ confirmation }: { confirmation: EraseConfirmation }) {
  const { t } = useTranslation('profile');
  const erase = useEraseAccount();
  const [, navigate] = useLocation();
  const [password, setPassword] = useState('');
  // Back from the provider: the dialog opens again, confirmed or with the reason it was not. How
  // this account confirms may still be loading at first, so only the URL decides that it opens.
  const returned = new URLSearchParams(window.location.search);
  const cameBack = returned.get('erase') === 'confirm';
  const ssoError = confirmation.kind === 'sso' ? ssoConfirmError(returned.get('sso_error'), confirmation.name) : undefined;
  const [open, setOpen] = useState(cameBack);
  const [submitError, setError] = useState<string>();
  const error = submitError ?? ssoError;
  const confirmedBySso = confirmation.kind === 'sso' && cameBack && !ssoError;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (confirmation.kind === 'password' && !password) {
      setError(t('data.enterPassword'));
      return;
    }
    setError(undefined);
    try {
      await erase.mutateAsync(confirmation.kind === 'password' ? { password } : {});
      navigate('/');
      toast({ title: t('data.erased'), description: t('data.erasedText') });
    } catch (failure) {
      setError(errorSentence(failure));
    }
  }

  return (
    <section aria-labelledby="erase-heading" className="grid gap-3 border-t border-slate-100 pt-6">
      <div>
        <h3 id="erase-heading" className="font-medium text-red-700">
          {t('data.eraseTitle')}
        </h3>
        <p className="text-sm text-slate-500">{t('data.eraseText')}</p>
      </div>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          setError(undefined);
        }}
      >
        <DialogTrigger asChild>
          <Button variant="ghost" className="justify-self-start border border-red-200 text-red-700">
            <Trash2 aria-hidden="true" />
            {t('data.eraseTitle')}
          </Button>
        </DialogTrigger>
        <DialogContent>
          <DialogTitle>{t('data.eraseQuestion')}</DialogTitle>
          <DialogDescription>{t('data.eraseWarning')}</DialogDescription>
          {confirmation.kind === 'sso' && !confirmedBySso ? (
            <ConfirmWithProvider name={confirmation.name} error={error} />
          ) : (
            <form className="grid gap-3" onSubmit={onSubmit} noValidate>
              {confirmation.kind === 'sso' ? (
                <p className="text-sm text-slate-600">
                  {t('data.confirmedWith', { name: confirmation.name })}
                  {error && (
                    <span id="erase-error" role="alert" className="mt-2 block text-red-600">
                      {error}
                    </span>
                  )}
                </p>
              ) : (
                <PasswordField password={password} onChange={setPassword} error={error} />
              )}
              <Button type="submit" variant="destructive" disabled={erase.isPending}>
                {erase.isPending ? t('data.erasing') : t('data.eraseEverything')}
              </Button>
            </form>
          )}
        </DialogContent>
      </Dialog>
    </section>
  );
}

function PasswordField({ password, onChange, error }: { password: string; onChange: (value: string) => void; error?: string }) {
  const { t } = useTranslation('profile');
  return (
    <div className="grid gap-1.5">
      <Label htmlFor="erase-password">{t('data.yourPassword')}</Label>
      <Input
        id="erase-password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'erase-error' : undefined}
      />
      {error && (
        <p id="erase-error" className="text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

/** The first step for an account without a password: a fresh sign-in at the provider, which comes back here. */
function ConfirmWithProvider({ name, error }: { name: string; error?: string }) {
  const { t } = useTranslation('profile');
  return (
    <div className="grid gap-3">
      <p className="text-sm text-slate-600">{t('data.noPassword', { name })}</p>
      {error && (
        <p id="erase-error" role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
      <a href="/api/auth/oidc/start?purpose=erase" className={buttonVariants({ variant: 'outline' })}>
        <KeyRound aria-hidden="true" className="h-4 w-4" />
        {t('data.confirmWith', { name })}
      </a>
    </div>
  );
}
