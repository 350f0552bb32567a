import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { i18n, useTranslation } from '@/lib/i18n/i18n';

/** What a form says when the two entries differ (checked before anything is sent), in the page's language. */
export const passwordsDiffer = () => i18n.t('auth:newPassword.differ');

/**
 * "New password" and "New password again": the pair both the reset page and the Security tab's
 * password change ask for, with the limits the server enforces (8 to 256 characters).
 */
export function NewPasswordFields({
  password,
  repeat,
  onPassword,
  onRepeat,
}: {
  password: string;
  repeat: string;
  onPassword: (value: string) => void;
  onRepeat: (value: string) => void;
}) {
  const { t } = useTranslation('auth');
  return (
    <>
      <div className="grid gap-1.5">
        <Label htmlFor="new-password">{t('newPassword.password')}</Label>
        <Input id="new-password" type="password" autoComplete="new-password" required minLength={8} maxLength={256} value={password} onChange={(e) => onPassword(e.target.value)} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="repeat-password">{t('newPassword.repeat')}</Label>
        <Input id="repeat-password" type="password" autoComplete="new-password" required minLength={8} maxLength={256} value={repeat} onChange={(e) => onRepeat(e.target.value)} />
      </div>
    </>
  );
}
