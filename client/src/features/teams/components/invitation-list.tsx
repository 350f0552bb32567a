import { X } from 'lucide-react';
import { useState } from 'react';
import type { Team } from '@contract/teams';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { errorSentence } from '@/lib/error-sentence';
import { useRevokeInvitation } from '../api/revoke-invitation';
import { formatDate, roleLabel } from '../lib/format';
import { invitationLinkOf } from '../lib/invitation-links';
import { useTeamsTexts } from '../texts';
import { CopyLink } from './copy-link';

/** Pending invitations (owners and admins): each holds a seat until it is used, revoked or expires. */
export function InvitationList({ team }: { team: Team }) {
  const { t } = useTeamsTexts();
  const revoke = useRevokeInvitation();
  const [error, setError] = useState<string | null>(null);
  if (team.invitations.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('invitations.title')}</CardTitle>
        <CardDescription>{t('invitations.lead')}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-slate-100">
          {team.invitations.map((invitation) => {
            const link = invitationLinkOf(invitation.id);
            return (
              <li key={invitation.id} className="grid gap-2 py-3" data-testid="team-invitation">
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0 flex-1">
                    <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                      <span className="break-all">{invitation.email}</span>
                      <Badge variant="secondary">{roleLabel(invitation.role)}</Badge>
                    </p>
                    <p className="text-sm text-slate-500">
                      {invitation.invitedBy
                        ? t('invitations.invitedByExpires', { name: invitation.invitedBy, date: formatDate(invitation.expiresAt) })
                        : t('invitations.expires', { date: formatDate(invitation.expiresAt) })}
                    </p>
                  </div>
                  <Button
                    variant="outline"
                    size="sm"
                    className="shrink-0"
                    aria-label={t('invitations.revokeLabel', { email: invitation.email })}
                    disabled={revoke.isPending}
                    onClick={async () => {
                      setError(null);
                      try {
                        await revoke.mutateAsync(invitation.id);
                      } catch (caught) {
                        setError(errorSentence(caught, t('common:networkError')));
                      }
                    }}
                  >
                    <X aria-hidden="true" />
                    {t('invitations.revoke')}
                  </Button>
                </div>
                {link ? (
                  <CopyLink url={link} label={t('invite.linkFor', { email: invitation.email })} />
                ) : (
                  <p className="text-xs text-slate-500">{t('invitations.noCopy')}</p>
                )}
              </li>
            );
          })}
        </ul>
        {error && (
          <p role="alert" className="mt-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
            {error}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
