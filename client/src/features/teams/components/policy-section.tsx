import { useEffect, useState, type FormEvent } from 'react';
import { CHAT_MODES } from '@contract/chat';
import { PERSONAS } from '@contract/personas';
import type { TeamPolicy, TeamPolicyView } from '@contract/team-controls';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { errorSentence } from '@/lib/error-sentence';
import { useSaveTeamPolicy, useTeamPolicy } from '../api/team-policy';
import { useTeamsTexts } from '../texts';

const toggle = <T,>(list: T[], item: T, on: boolean) => (on ? [...list, item] : list.filter((x) => x !== item));
const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

function Check({ label, checked, disabled, onChange }: { label: string; checked: boolean; disabled: boolean; onChange(on: boolean): void }) {
  return (
    <label className="flex items-center gap-2 text-sm text-slate-800">
      <input type="checkbox" className="h-4 w-4 accent-genie-600" checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  );
}

function NumberField({ label, hint, value, disabled, onChange }: { label: string; hint: string; value: number | null; disabled: boolean; onChange(v: number | null): void }) {
  const { t } = useTeamsTexts();
  return (
    <label className="grid gap-1 text-sm text-slate-800">
      {label}
      <Input type="number" min={0} inputMode="numeric" placeholder={t('policy.noLimit')} value={value ?? ''} disabled={disabled} onChange={(e) => onChange(numberOrNull(e.target.value))} />
      <span className="text-xs text-slate-500">{hint}</span>
    </label>
  );
}

/** /team "Policy" (issue 43): what members (owner and admins too) may use; editable by the owner and admins. */
export function PolicySection() {
  const { t } = useTeamsTexts();
  const policy = useTeamPolicy();
  const save = useSaveTeamPolicy();
  const [draft, setDraft] = useState<TeamPolicy | null>(null);
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  useEffect(() => {
    if (policy.data) {
      const { canEdit: _canEdit, ...rest } = policy.data satisfies TeamPolicyView;
      setDraft(rest);
    }
  }, [policy.data]);
  if (!draft || !policy.data) return null;
  const readOnly = !policy.data.canEdit;
  const set = (changes: Partial<TeamPolicy>) => setDraft({ ...draft, ...changes });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    try {
      await save.mutateAsync(draft!);
      setMessage({ error: false, text: t('policy.saved') });
    } catch (caught) {
      setMessage({ error: true, text: errorSentence(caught, t('common:networkError')) });
    }
  }

  return (
    <Card data-testid="team-policy">
      <CardHeader>
        <CardTitle>{t('policy.title')}</CardTitle>
        <p className="text-sm text-slate-500">
          {readOnly ? t('policy.readOnly') : t('policy.editable')}
        </p>
      </CardHeader>
      <CardContent>
        <form className="grid gap-5" onSubmit={onSubmit}>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-semibold text-slate-900">{t('policy.personas')}</legend>
            <div className="flex flex-wrap gap-4">
              {PERSONAS.map((p) => (
                <Check key={p.id} label={p.name} checked={draft.personas.includes(p.id)} disabled={readOnly} onChange={(on) => set({ personas: toggle(draft.personas, p.id, on) })} />
              ))}
            </div>
          </fieldset>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-semibold text-slate-900">{t('policy.modes')}</legend>
            <div className="flex flex-wrap gap-4">
              {CHAT_MODES.map((m) => (
                <Check key={m} label={t(`policy.modeNames.${m}`)} checked={draft.modes.includes(m)} disabled={readOnly} onChange={(on) => set({ modes: toggle(draft.modes, m, on) })} />
              ))}
            </div>
          </fieldset>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-semibold text-slate-900">{t('policy.features')}</legend>
            <Check label={t('policy.imageGeneration')} checked={draft.imageGeneration} disabled={readOnly} onChange={(on) => set({ imageGeneration: on })} />
            <Check label={t('policy.tools')} checked={draft.tools} disabled={readOnly} onChange={(on) => set({ tools: on })} />
            <Check label={t('policy.api')} checked={draft.api} disabled={readOnly} onChange={(on) => set({ api: on })} />
          </fieldset>
          <div className="grid gap-4 sm:grid-cols-3">
            <NumberField label={t('policy.memberTokens')} hint={t('policy.memberTokensHint')} value={draft.monthlyTokensPerMember} disabled={readOnly} onChange={(v) => set({ monthlyTokensPerMember: v })} />
            <NumberField label={t('policy.teamTokens')} hint={t('policy.teamTokensHint')} value={draft.monthlyTokensTeam} disabled={readOnly} onChange={(v) => set({ monthlyTokensTeam: v })} />
            <NumberField label={t('policy.retention')} hint={t('policy.retentionHint')} value={draft.retentionDays} disabled={readOnly} onChange={(v) => set({ retentionDays: v })} />
          </div>
          {!readOnly && (
            <div className="flex items-center gap-3">
              <Button type="submit" disabled={save.isPending}>
                {save.isPending ? t('saving') : t('policy.save')}
              </Button>
              {message && (
                <p role={message.error ? 'alert' : 'status'} className={message.error ? 'text-sm text-red-700' : 'text-sm text-emerald-700'}>
                  {message.text}
                </p>
              )}
            </div>
          )}
        </form>
      </CardContent>
    </Card>
  );
}
