import { useState } from 'react';
import type { TeamMember } from '@contract/teams';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { errorSentence } from '@/lib/error-sentence';
import { useTeam } from '../api/get-team';
import { useRemoveMember } from '../api/remove-member';
import { useTeamsTexts } from '../texts';

export interface RemoveMembersRequest {
  planName: string;
  seats: number;
}

/**
 * Issue 41: a plan with fewer seats than the team has members is bought only after the owner
 * chooses whom to remove; nobody is removed silently. Lists the members the owner may remove,
 * removes the ones ticked, then `onRemoved` carries on with the purchase.
 */
export function RemoveMembersDialog({ request, onRemoved, onCancel }: { request: RemoveMembersRequest | null; onRemoved: () => void; onCancel: () => void }) {
  return (
    <Dialog open={request !== null} onOpenChange={(open) => !open && onCancel()}>
      <DialogContent>{request && <Chooser request={request} onRemoved={onRemoved} />}</DialogContent>
    </Dialog>
  );
}

function Chooser({ request, onRemoved }: { request: RemoveMembersRequest; onRemoved: () => void }) {
  const { t } = useTeamsTexts();
  const team = useTeam();
  const remove = useRemoveMember();
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [problem, setProblem] = useState<string | null>(null);
  const members = team.data?.members ?? [];
  const needed = Math.max(0, members.length - request.seats);
  const removable = members.filter((m: TeamMember) => m.role !== 'owner');

  const toggle = (userId: string, on: boolean) =>
    setChosen((previous) => {
      const next = new Set(previous);
      if (on) next.add(userId);
      else next.delete(userId);
      return next;
    });

  async function removeChosen() {
    setProblem(null);
    try {
      for (const userId of chosen) await remove.mutateAsync(userId);
      onRemoved();
    } catch (error) {
      setProblem(errorSentence(error, t('removeMembers.failed')));
    }
  }

  return (
    <>
      <DialogTitle>{t('removeMembers.title')}</DialogTitle>
      <DialogDescription>
        {team.data
          ? t('removeMembers.lead', { plan: request.planName, count: request.seats, members: members.length, needed })
          : t('removeMembers.loading')}
      </DialogDescription>
      <fieldset className="space-y-2">
        <legend className="sr-only">{t('removeMembers.legend')}</legend>
        {removable.map((member) => (
          <label key={member.userId} className="flex min-h-11 items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 text-sm">
            <input type="checkbox" className="h-4 w-4 accent-genie-600" checked={chosen.has(member.userId)} onChange={(e) => toggle(member.userId, e.target.checked)} />
            <span className="min-w-0">
              <span className="block font-medium text-slate-900">{member.username}</span>
              <span className="block truncate text-xs text-slate-500">
                {member.email} · {t(`removeMembers.roles.${member.role}`)}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      {problem && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {problem}
        </p>
      )}
      <Button disabled={!team.data || chosen.size < needed || remove.isPending} onClick={() => void removeChosen()}>
        {chosen.size < needed ? t('removeMembers.chooseMore', { number: needed - chosen.size }) : t('removeMembers.removeAndContinue', { number: chosen.size })}
      </Button>
    </>
  );
}
