import { Crown, Pencil } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { TEAM_NAME_MAX_LENGTH, type Team } from '@contract/teams';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Progress } from '@/components/ui/progress';
import { errorSentence } from '@/lib/error-sentence';
import { useRenameTeam } from '../api/rename-team';
import { formatDate, planLabel } from '../lib/format';
import { useTeamsTexts } from '../texts';

function NameEditor({ name, onDone }: { name: string; onDone(): void }) {
  const { t } = useTeamsTexts();
  const rename = useRenameTeam();
  const [value, setValue] = useState(name);
  const [error, setError] = useState<string | null>(null);
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      await rename.mutateAsync(value);
      onDone();
    } catch (caught) {
      setError(errorSentence(caught, t('common:networkError')));
    }
  }
  return (
    <form className="grid gap-2" onSubmit={onSubmit}>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input aria-label={t('summary.teamName')} value={value} maxLength={TEAM_NAME_MAX_LENGTH} required autoFocus onChange={(e) => setValue(e.target.value)} />
        <div className="flex gap-2">
          <Button type="submit" disabled={rename.isPending}>
            {rename.isPending ? t('saving') : t('save')}
          </Button>
          <Button variant="outline" onClick={onDone}>
            {t('cancel')}
          </Button>
        </div>
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}

/** Who the team is and what it has: name (editable by owner and admins), plan and the seat meter. */
export function TeamSummary({ team, canManage }: { team: Team; canManage: boolean }) {
  const { t } = useTeamsTexts();
  const [editing, setEditing] = useState(false);
  const { used, limit } = team.seats;
  const over = limit !== null && used > limit;
  return (
    <Card>
      {/* grid-cols-1 is minmax(0, 1fr): an auto column grew to a long team name's width, 406 px at 390. */}
      <CardContent className="grid grid-cols-1 gap-5 pt-5">
        {editing ? (
          <NameEditor name={team.name} onDone={() => setEditing(false)} />
        ) : (
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="text-xs font-semibold uppercase tracking-wider text-genie-700">{t('summary.yourTeam')}</p>
              <h1 className="text-2xl font-bold leading-tight text-slate-900 [overflow-wrap:anywhere] sm:text-3xl" data-testid="team-name">
                {team.name}
              </h1>
            </div>
            {canManage && (
              <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
                <Pencil aria-hidden="true" />
                {t('summary.rename')}
              </Button>
            )}
          </div>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid content-start gap-1">
            <p className="text-sm text-slate-500">{t('summary.plan')}</p>
            <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900" data-testid="team-plan">
              {team.isPremium && (
                <Badge variant="pro" className="gap-1">
                  <Crown aria-hidden="true" className="h-3 w-3" />
                  {planLabel(team.plan)}
                </Badge>
              )}
              {!team.isPremium && <span>{t('free')}</span>}
              {team.isPremium && team.expiresAt && <span className="text-sm font-normal text-slate-600">{t('summary.until', { date: formatDate(team.expiresAt) })}</span>}
            </p>
            {!team.isPremium && (
              <Link href="/premium" className="text-sm font-medium text-genie-700 hover:underline">
                {t('summary.seePlans')}
              </Link>
            )}
          </div>
          <div className="grid content-start gap-1.5">
            <p className="text-sm text-slate-500">{t('summary.seats')}</p>
            <p className="font-semibold text-slate-900" data-testid="team-seats">
              {limit === null ? t('summary.seatsNoLimit', { used }) : t('summary.seatsOf', { used, limit })}
            </p>
            {limit !== null && <Progress value={(used / limit) * 100} label={t('summary.seatsUsed')} className={over ? '[&>div]:bg-amber-500' : undefined} />}
            <p className="text-xs text-slate-500">{t('summary.seatsNote')}</p>
          </div>
        </div>
        {over && (
          <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {t('summary.over', { plan: planLabel(team.plan) })}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
