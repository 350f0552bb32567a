import { Pencil } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/i18n/i18n';
import { updateProfileBodySchema, type UserProfile } from '@contract/profile';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { HttpError } from '@/lib/request';
import { cn } from '@/lib/utils';
import { useUpdateProfile } from '../api/update-profile';

type Field = 'username' | 'email';
type FieldErrors = Partial<Record<Field, string>>;

/** The field and sentence of a 400 or 409 from the server, when it names one. */
function serverFieldError(error: unknown): FieldErrors {
  if (!(error instanceof HttpError)) return {};
  try {
    const body = JSON.parse(error.bodyText) as { field?: unknown; error?: unknown };
    if ((body.field === 'username' || body.field === 'email') && typeof body.error === 'string') {
      // Schema messages come as "field: sentence"; show just the sentence under the field.
      return { [body.field]: body.error.replace(/^\w+: /, '') };
    }
  } catch {
    // Not one of our JSON errors: the toast says enough.
  }
  return {};
}

/**
 * SPEC §2 Settings and §4 Profile settings: read-only, editing after Edit Profile, then saved
 * (back to read-only) or cancelled (the saved values come back).
 */
export function SettingsTab({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation('profile');
  const update = useUpdateProfile();
  const [editing, setEditing] = useState(false);
  const [username, setUsername] = useState(profile.username);
  const [email, setEmail] = useState(profile.email);
  const [errors, setErrors] = useState<FieldErrors>({});

  function startEditing() {
    setUsername(profile.username);
    setEmail(profile.email);
    setErrors({});
    setEditing(true);
  }

  function cancel() {
    setUsername(profile.username);
    setEmail(profile.email);
    setErrors({});
    setEditing(false);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    // The same rules the server applies, so most mistakes are named before a round trip.
    const parsed = updateProfileBodySchema.safeParse({ username, email });
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'username' || field === 'email') && !found[field]) found[field] = issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      await update.mutateAsync(parsed.data);
      setEditing(false);
      toast({ title: t('settings.updated'), description: t('settings.updatedText') });
    } catch (error) {
      setErrors(serverFieldError(error));
      toast({ title: t('settings.failed'), description: t('settings.failedText'), variant: 'destructive' });
    }
  }

  const field = (id: Field, label: string, value: string, onChange: (v: string) => void, extra: Record<string, string>) => (
    <div className="grid gap-1.5">
      <Label htmlFor={`profile-${id}`}>{label}</Label>
      <Input
        id={`profile-${id}`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        readOnly={!editing}
        disabled={update.isPending}
        aria-invalid={errors[id] ? true : undefined}
        aria-describedby={errors[id] ? `profile-${id}-error` : undefined}
        className={cn(!editing && 'cursor-default border-slate-200 bg-slate-50 text-slate-900', errors[id] && 'border-red-500 focus-visible:border-red-500')}
        {...extra}
      />
      {errors[id] && (
        <p id={`profile-${id}-error`} className="text-sm text-red-600">
          {errors[id]}
        </p>
      )}
    </div>
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('settings.title')}</CardTitle>
        <CardDescription>{t('settings.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4" onSubmit={save} noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            {field('username', t('settings.username'), editing ? username : profile.username, setUsername, { autoComplete: 'username' })}
            {field('email', t('settings.email'), editing ? email : profile.email, setEmail, { type: 'email', autoComplete: 'email' })}
          </div>
          <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:justify-end">
            {editing ? (
              <>
                <Button variant="outline" onClick={cancel} disabled={update.isPending}>
                  {t('settings.cancel')}
                </Button>
                <Button type="submit" disabled={update.isPending}>
                  {update.isPending ? t('settings.saving') : t('settings.save')}
                </Button>
              </>
            ) : (
              <Button onClick={startEditing}>
                <Pencil aria-hidden="true" />
                {t('settings.edit')}
              </Button>
            )}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
