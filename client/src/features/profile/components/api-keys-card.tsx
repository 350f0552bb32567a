import { Copy, KeyRound, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { createApiKeyBodySchema, type ApiKey, type CreatedApiKey } from '@contract/api-keys';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { inputClasses } from '@/components/ui/field-classes';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { errorSentence } from '@/lib/error-sentence';
import { i18n, useTranslation } from '@/lib/i18n/i18n';
import { formatDate } from '@/lib/i18n/format';
import { isLanguage } from '@contract/languages';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/api-keys';

const EXPIRY_CHOICES = [
  { value: '', label: 'apiKeys.never' },
  { value: '30', label: 'apiKeys.in30' },
  { value: '90', label: 'apiKeys.in90' },
  { value: '365', label: 'apiKeys.in365' },
] as const;

const day = (iso: string | null, none: string) => (iso ? formatDate(isLanguage(i18n.language) ? i18n.language : 'en', iso) : none);

/** The new key, shown this once with a Copy button: the server keeps only its hash. */
function NewKey({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const { t } = useTranslation('profile');
  async function copy() {
    try {
      await navigator.clipboard.writeText(created.key);
      toast({ title: t('apiKeys.copied'), description: t('apiKeys.copiedText') });
    } catch {
      toast({ title: t('apiKeys.copyFailed'), description: t('apiKeys.copyFailedText'), variant: 'destructive' });
    }
  }
  return (
    <div className="grid gap-2 rounded-lg border border-genie-200 bg-genie-50 p-3" role="status">
      <Label htmlFor="new-api-key">{t('apiKeys.newKey', { name: created.name })}</Label>
      <div className="flex gap-2">
        <Input id="new-api-key" readOnly value={created.key} className="font-mono" onFocus={(e) => e.currentTarget.select()} />
        <Button type="button" variant="outline" onClick={copy}>
          <Copy aria-hidden="true" /> {t('apiKeys.copy')}
        </Button>
      </div>
      <p className="text-sm text-slate-600">{t('apiKeys.shownOnce')}</p>
      <Button type="button" size="sm" className="justify-self-start" onClick={onDone}>
        {t('apiKeys.done')}
      </Button>
    </div>
  );
}

function KeyRow({ apiKey }: { apiKey: ApiKey }) {
  const revoke = useRevokeApiKey();
  const { t } = useTranslation('profile');
  const never = t('apiKeys.neverLower');
  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 items-start gap-3">
        <KeyRound aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-slate-400" />
        <div className="min-w-0">
          <p className="font-medium text-slate-900">
            {apiKey.name} <span className="font-mono text-sm text-slate-500">{apiKey.prefix}…</span>
          </p>
          <p className="text-sm text-slate-500">
            {t('apiKeys.made', { date: day(apiKey.createdAt, '') })} · {t('apiKeys.lastUsed', { date: day(apiKey.lastUsedAt, never) })} ·{' '}
            {t('apiKeys.expires', { date: day(apiKey.expiresAt, never) })}
          </p>
        </div>
      </div>
      <Button
        variant="outline"
        size="sm"
        className="self-start sm:self-auto"
        disabled={revoke.isPending}
        aria-label={t('apiKeys.revokeOf', { name: apiKey.name })}
        onClick={() =>
          revoke.mutate(apiKey.id, {
            onSuccess: () => toast({ title: t('apiKeys.revoked'), description: t('apiKeys.revokedText', { name: apiKey.name }) }),
            onError: (error) => toast({ title: t('apiKeys.revokeFailed'), description: errorSentence(error), variant: 'destructive' }),
          })
        }
      >
        <Trash2 aria-hidden="true" /> {t('apiKeys.revoke')}
      </Button>
    </li>
  );
}

/** The Security tab's API keys (issue 40): make one (shown once), see when each was last used, revoke. */
export function ApiKeysCard() {
  const { t } = useTranslation('profile');
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [expiry, setExpiry] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = createApiKeyBodySchema.safeParse({ name, ...(expiry ? { expiresInDays: Number(expiry) } : {}) });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? t('apiKeys.checkName'));
      return;
    }
    setError(null);
    try {
      setCreated(await create.mutateAsync(parsed.data));
      setName('');
      setExpiry('');
    } catch (caught) {
      setError(errorSentence(caught).replace(/^\w+: /, ''));
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('apiKeys.title')}</CardTitle>
        <CardDescription>{t('apiKeys.text')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {created ? (
          <NewKey created={created} onDone={() => setCreated(null)} />
        ) : (
          <form onSubmit={onSubmit} className="grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end" noValidate>
            <div className="grid gap-1.5">
              <Label htmlFor="api-key-name">{t('apiKeys.name')}</Label>
              <Input id="api-key-name" value={name} onChange={(e) => setName(e.target.value)} placeholder={t('apiKeys.namePlaceholder')} maxLength={100} aria-invalid={error ? true : undefined} />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="api-key-expiry">{t('apiKeys.expiresLabel')}</Label>
              <select id="api-key-expiry" className={inputClasses} value={expiry} onChange={(e) => setExpiry(e.target.value)}>
                {EXPIRY_CHOICES.map((choice) => (
                  <option key={choice.value} value={choice.value}>
                    {t(choice.label)}
                  </option>
                ))}
              </select>
            </div>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? t('apiKeys.making') : t('apiKeys.make')}
            </Button>
            {error && (
              <p role="alert" className="text-sm text-red-700 sm:col-span-3">
                {error}
              </p>
            )}
          </form>
        )}
        {keys.isPending && <Spinner className="h-6 w-6" />}
        {keys.isError && <p role="alert" className="text-sm text-red-700">{errorSentence(keys.error)}</p>}
        {keys.data && keys.data.keys.length === 0 && <p className="text-sm text-slate-500">{t('apiKeys.none')}</p>}
        {keys.data && keys.data.keys.length > 0 && (
          <ul className="divide-y divide-slate-100" aria-label={t('apiKeys.title')}>
            {keys.data.keys.map((apiKey) => (
              <KeyRow key={apiKey.id} apiKey={apiKey} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
