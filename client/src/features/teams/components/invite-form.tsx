import { Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Trans } from 'react-i18next';
import { Link } from 'wouter';
import type { AssignableRole, CreatedInvitation, Team } from '@contract/teams';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { inputClasses } from '@/components/ui/field-classes';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorSentence } from '@/lib/error-sentence';
import { cn } from '@/lib/utils';
import { useCreateInvitation } from '../api/create-invitation';
import { planLabel, roleLabel } from '../lib/format';
import { useTeamsTexts } from '../texts';
import { CopyLink } from './copy-link';

/** What happened to the invitation just made: emailed, or a link to copy (and why). */
function CreatedNotice({ created }: { created: CreatedInvitation }) {
  const { t } = useTeamsTexts();
  if (created.emailed) {
    return (
      <p role="status" className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
        {t('invite.emailed', { email: created.email })}
      </p>
    );
  }
  return (
    <div role="status" className={cn('grid gap-2 rounded-lg px-3 py-3 text-sm', created.mailFailed ? 'bg-amber-50 text-amber-900' : 'bg-genie-50 text-slate-800')}>
      <p>
        {created.mailFailed ? t('invite.mailFailed', { email: created.email }) : t('invite.copyThis', { email: created.email })}
      </p>
      <CopyLink url={created.url} label={t('invite.linkFor', { email: created.email })} />
    </div>
  );
}

/** Owners and admins invite by email and role; a full team says so and points at the upgrade. */
export function InviteForm({ team }: { team: Team }) {
  const { t } = useTeamsTexts();
  const create = useCreateInvitation();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<AssignableRole>('member');
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedInvitation | null>(null);
  const { used, limit } = team.seats;
  const full = limit !== null && used >= limit;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setCreated(null);
    try {
      setCreated(await create.mutateAsync({ email, role }));
      setEmail('');
    } catch (caught) {
      setError(errorSentence(caught, t('common:networkError')));
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('invite.title')}</CardTitle>
        <CardDescription>{t('invite.lead')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {full && (
          <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="seat-limit">
            {limit === 1 ? t('invite.oneSeatTaken', { plan: planLabel(team.plan) }) : t('invite.allSeatsTaken', { limit, plan: planLabel(team.plan) })}{' '}
            <Trans
              t={t}
              i18nKey={team.invitations.length > 0 ? 'invite.upgradeOrRevoke' : 'invite.upgrade'}
              components={{ upgradeLink: <Link href="/premium" className="font-medium underline" /> }}
            />
          </p>
        )}
        <form className="grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end" onSubmit={onSubmit}>
          <div className="grid gap-1.5">
            <Label htmlFor="invite-email">{t('invite.email')}</Label>
            <Input id="invite-email" type="email" autoComplete="off" required value={email} disabled={full} onChange={(e) => setEmail(e.target.value)} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="invite-role">{t('invite.role')}</Label>
            <select id="invite-role" className={cn(inputClasses, 'sm:w-32')} value={role} disabled={full} onChange={(e) => setRole(e.target.value as AssignableRole)}>
              <option value="member">{roleLabel('member')}</option>
              <option value="admin">{roleLabel('admin')}</option>
            </select>
          </div>
          <Button type="submit" disabled={full || create.isPending}>
            <Send aria-hidden="true" />
            {create.isPending ? t('invite.inviting') : t('invite.invite')}
          </Button>
        </form>
        <p className="text-xs text-slate-500">{t('invite.rolesNote')}</p>
        {error && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
            {error}
          </p>
        )}
        {created && <CreatedNotice created={created} />}
      </CardContent>
    </Card>
  );
}
