import { Crown, LogOut, UserMinus } from 'lucide-react';
import { useState } from 'react';
import type { AssignableRole, Team, TeamMember, TeamRole } from '@contract/teams';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { inputClasses } from '@/components/ui/field-classes';
import { errorSentence } from '@/lib/error-sentence';
import { cn } from '@/lib/utils';
import { useLeaveTeam } from '../api/leave-team';
import { useRemoveMember } from '../api/remove-member';
import { useTransferOwnership } from '../api/transfer-ownership';
import { useUpdateMemberRole } from '../api/update-member-role';
import { formatDate, roleLabel } from '../lib/format';
import { useTeamsTexts } from '../texts';
import { ConfirmButton } from '@/components/confirm-button';

interface MemberRowProps {
  member: TeamMember;
  me: { userId: string; role: TeamRole };
  onError(sentence: string | null): void;
}

function MemberRow({ member, me, onError }: MemberRowProps) {
  const { t } = useTeamsTexts();
  const setRole = useUpdateMemberRole();
  const remove = useRemoveMember();
  const transfer = useTransferOwnership();
  const isMe = member.userId === me.userId;
  const canManage = me.role === 'owner' || me.role === 'admin';
  // Nobody changes the owner's role or removes them: ownership moves only by transfer.
  const manageable = canManage && !isMe && member.role !== 'owner';
  const run = async (action: () => Promise<unknown>) => {
    onError(null);
    try {
      await action();
    } catch (caught) {
      onError(errorSentence(caught, t('common:networkError')));
    }
  };

  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center" data-testid="team-member">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <div aria-hidden="true" className="grid h-9 w-9 shrink-0 place-items-center rounded-full bg-genie-100 font-semibold text-genie-800">
          {member.username.charAt(0).toUpperCase()}
        </div>
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-x-2 font-medium text-slate-900">
            <span className="break-all">{member.username}</span>
            {isMe && <span className="text-xs font-normal text-slate-500">{t('members.you')}</span>}
          </p>
          <p className="truncate text-sm text-slate-500">{member.email}</p>
          <p className="text-xs text-slate-500">{t('members.joined', { date: formatDate(member.joinedAt) })}</p>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2 pl-12 sm:pl-0">
        {manageable ? (
          <select
            aria-label={t('members.roleOf', { name: member.username })}
            className={cn(inputClasses, 'h-9 w-auto')}
            value={member.role}
            disabled={setRole.isPending}
            onChange={(e) => void run(() => setRole.mutateAsync({ userId: member.userId, role: e.target.value as AssignableRole }))}
          >
            <option value="member">{roleLabel('member')}</option>
            <option value="admin">{roleLabel('admin')}</option>
          </select>
        ) : (
          <Badge variant={member.role === 'owner' ? 'default' : 'secondary'} className="gap-1">
            {member.role === 'owner' && <Crown aria-hidden="true" className="h-3 w-3" />}
            {roleLabel(member.role)}
          </Badge>
        )}
        {me.role === 'owner' && !isMe && (
          <ConfirmButton
            title={t('members.makeOwnerTitle', { name: member.username })}
            description={t('members.makeOwnerText', { name: member.username })}
            confirmLabel={t('members.transfer')}
            onConfirm={() => run(() => transfer.mutateAsync(member.userId))}
          >
            <Crown aria-hidden="true" />
            {t('members.makeOwner')}
          </ConfirmButton>
        )}
        {manageable && (
          <ConfirmButton
            variant="destructive"
            aria-label={t('members.removeLabel', { name: member.username })}
            title={t('members.removeTitle', { name: member.username })}
            description={t('members.removeText', { name: member.username })}
            confirmLabel={t('members.remove')}
            onConfirm={() => run(() => remove.mutateAsync(member.userId))}
          >
            <UserMinus aria-hidden="true" />
            {t('members.remove')}
          </ConfirmButton>
        )}
      </div>
    </li>
  );
}

/** Members with their roles; owners and admins change roles and remove; anyone but a sole owner may leave. */
export function MemberList({ team, me }: { team: Team; me: { userId: string; role: TeamRole } }) {
  const { t } = useTeamsTexts();
  const [error, setError] = useState<string | null>(null);
  const leave = useLeaveTeam();
  const alone = team.members.length === 1;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('members.title')}</CardTitle>
        <CardDescription>
          {alone ? t('members.alone') : t('members.shared', { number: team.members.length })}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-slate-100">
          {team.members.map((member) => (
            <MemberRow key={member.userId} member={member} me={me} onError={setError} />
          ))}
        </ul>
        {error && (
          <p role="alert" className="mt-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
            {error}
          </p>
        )}
        {!alone && (
          <div className="mt-4 flex flex-col gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-slate-500">
              {me.role === 'owner' ? t('members.ownerCannotLeave') : t('members.leaveNote')}
            </p>
            <ConfirmButton
              variant="destructive"
              disabled={me.role === 'owner'}
              title={t('members.leaveTitle', { team: team.name })}
              description={t('members.leaveText')}
              confirmLabel={t('members.leave')}
              onConfirm={async () => {
                setError(null);
                try {
                  await leave.mutateAsync();
                } catch (caught) {
                  setError(errorSentence(caught, t('common:networkError')));
                }
              }}
            >
              <LogOut aria-hidden="true" />
              {t('members.leave')}
            </ConfirmButton>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
