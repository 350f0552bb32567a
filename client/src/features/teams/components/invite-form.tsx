import { Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
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
import { planLabel } from '../lib/format';
import { CopyLink } from './copy-link';

/** What happened to the invitation just made: emailed, or a link to copy (and why). */
function CreatedNotice({ created }: { created: CreatedInvitation }) {
  if (created.emailed) {
    return (
      <p role="status" className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
        Invitation emailed to {created.email}. The link works once, for 7 days.
      </p>
    );
  }
  return (
    <div role="status" className={cn('grid gap-2 rounded-lg px-3 py-3 text-sm', created.mailFailed ? 'bg-amber-50 text-amber-900' : 'bg-genie-50 text-slate-800')}>
      <p>
        {created.mailFailed
          ? `The invitation is ready, but the email to ${created.email} could not be sent. Copy the link and send it yourself:`
          : `Copy this link and send it to ${created.email}. It works once, for 7 days:`}
      </p>
      <CopyLink url={created.url} label={`Invitation link for ${created.email}`} />
    </div>
  );
}

/** Owners and admins invite by email and role; a full team says so and points at the upgrade. */
export function InviteForm({ team }: { team: Team }) {
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
      setError(errorSentence(caught, 'Network error. Please try again.'));
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Invite someone</CardTitle>
        <CardDescription>They join with an account of their own, by a link that works once for 7 days.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {full && (
          <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="seat-limit">
            {limit === 1
              ? `The ${planLabel(team.plan)} plan has one seat, and it is taken.`
              : `All ${limit} seats of the ${planLabel(team.plan)} plan are taken (members and pending invitations count).`}{' '}
            <Link href="/premium" className="font-medium underline">
              Upgrade for more seats
            </Link>
            {team.invitations.length > 0 ? ', or revoke a pending invitation.' : '.'}
          </p>
        )}
        <form className="grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end" onSubmit={onSubmit}>
          <div className="grid gap-1.5">
            <Label htmlFor="invite-email">Email</Label>
            <Input id="invite-email" type="email" autoComplete="off" required value={email} disabled={full} onChange={(e) => setEmail(e.target.value)} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="invite-role">Role</Label>
            <select id="invite-role" className={cn(inputClasses, 'sm:w-32')} value={role} disabled={full} onChange={(e) => setRole(e.target.value as AssignableRole)}>
              <option value="member">Member</option>
              <option value="admin">Admin</option>
            </select>
          </div>
          <Button type="submit" disabled={full || create.isPending}>
            <Send aria-hidden="true" />
            {create.isPending ? 'Inviting...' : 'Invite'}
          </Button>
        </form>
        <p className="text-xs text-slate-500">Admins can invite, change roles and remove members. Members use the plan and the team library.</p>
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
