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
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/api-keys';

const EXPIRY_CHOICES = [
  { value: '', label: 'Never' },
  { value: '30', label: 'In 30 days' },
  { value: '90', label: 'In 90 days' },
  { value: '365', label: 'In a year' },
];

const day = (iso: string | null, none: string) => (iso ? new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' }) : none);

/** The new key, shown this once with a Copy button: the server keeps only its hash. */
function NewKey({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(created.key);
      toast({ title: 'Copied!', description: 'The key is on your clipboard.' });
    } catch {
      toast({ title: 'Failed to copy', description: 'Select the key and copy it yourself.', variant: 'destructive' });
    }
  }
  return (
    <div className="grid gap-2 rounded-lg border border-genie-200 bg-genie-50 p-3" role="status">
      <Label htmlFor="new-api-key">Your new key “{created.name}”</Label>
      <div className="flex gap-2">
        <Input id="new-api-key" readOnly value={created.key} className="font-mono" onFocus={(e) => e.currentTarget.select()} />
        <Button type="button" variant="outline" onClick={copy}>
          <Copy aria-hidden="true" /> Copy
        </Button>
      </div>
      <p className="text-sm text-slate-600">Copy it now: it will not be shown again. Anyone with it can use Genie as you.</p>
      <Button type="button" size="sm" className="justify-self-start" onClick={onDone}>
        Done
      </Button>
    </div>
  );
}

function KeyRow({ apiKey }: { apiKey: ApiKey }) {
  const revoke = useRevokeApiKey();
  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 items-start gap-3">
        <KeyRound aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-slate-400" />
        <div className="min-w-0">
          <p className="font-medium text-slate-900">
            {apiKey.name} <span className="font-mono text-sm text-slate-500">{apiKey.prefix}…</span>
          </p>
          <p className="text-sm text-slate-500">
            made {day(apiKey.createdAt, '')} · last used {day(apiKey.lastUsedAt, 'never')} · expires {day(apiKey.expiresAt, 'never')}
          </p>
        </div>
      </div>
      <Button
        variant="outline"
        size="sm"
        className="self-start sm:self-auto"
        disabled={revoke.isPending}
        aria-label={`Revoke the key ${apiKey.name}`}
        onClick={() =>
          revoke.mutate(apiKey.id, {
            onSuccess: () => toast({ title: 'Key revoked', description: `“${apiKey.name}” no longer works.` }),
            onError: (error) => toast({ title: 'Could not revoke the key', description: errorSentence(error), variant: 'destructive' }),
          })
        }
      >
        <Trash2 aria-hidden="true" /> Revoke
      </Button>
    </li>
  );
}

/** The Security tab's API keys (issue 40): make one (shown once), see when each was last used, revoke. */
export function ApiKeysCard() {
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
      setError(parsed.error.issues[0]?.message ?? 'Check the key’s name.');
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
        <CardTitle>API keys</CardTitle>
        <CardDescription>
          A key lets a script, the OpenAI client or an editor’s MCP settings use Genie as you, with your plan and your documents, at /v1 and /mcp. Revoke one you no longer use.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {created ? (
          <NewKey created={created} onDone={() => setCreated(null)} />
        ) : (
          <form onSubmit={onSubmit} className="grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end" noValidate>
            <div className="grid gap-1.5">
              <Label htmlFor="api-key-name">Name</Label>
              <Input id="api-key-name" value={name} onChange={(e) => setName(e.target.value)} placeholder="e.g. Laptop script" maxLength={100} aria-invalid={error ? true : undefined} />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="api-key-expiry">Expires</Label>
              <select id="api-key-expiry" className={inputClasses} value={expiry} onChange={(e) => setExpiry(e.target.value)}>
                {EXPIRY_CHOICES.map((choice) => (
                  <option key={choice.value} value={choice.value}>
                    {choice.label}
                  </option>
                ))}
              </select>
            </div>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Making...' : 'Make a key'}
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
        {keys.data && keys.data.keys.length === 0 && <p className="text-sm text-slate-500">You have no API keys.</p>}
        {keys.data && keys.data.keys.length > 0 && (
          <ul className="divide-y divide-slate-100" aria-label="API keys">
            {keys.data.keys.map((apiKey) => (
              <KeyRow key={apiKey.id} apiKey={apiKey} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
