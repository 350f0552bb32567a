import { ShieldQuestion } from 'lucide-react';
import type { ToolApprovalEvent } from '@contract/mcp-tools';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { Trans } from 'react-i18next';
import { useDecideToolApproval } from '../api/decide-tool-approval';
import { prettyArguments, ToolText } from './tool-call-block';
import { useChatTexts } from '../texts';

/**
 * A tool call that changes things, waiting for the user (issue 40): what would run and with what,
 * and Allow or Deny. Unanswered, it counts as denied when its time is up.
 */
export function ToolApprovalCard({ approval, onAnswered }: { approval: ToolApprovalEvent; onAnswered(id: string): void }) {
  const { t } = useChatTexts();
  const decide = useDecideToolApproval();
  const answer = (approve: boolean) =>
    decide.mutate(
      { id: approval.id, approve },
      {
        onSettled: () => onAnswered(approval.id),
        onError: () => toast({ title: t('tools.callTitle'), description: t('tools.noLongerWaiting'), variant: 'destructive' }),
      },
    );
  const seconds = approval.expiresInSeconds;
  const deniedAfter = seconds < 90 ? t('tools.deniedWithinSeconds', { count: seconds }) : t('tools.deniedWithinMinutes', { count: Math.round(seconds / 60) });
  return (
    <div role="group" aria-label={t('tools.allowQuestion', { tool: approval.tool })} className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-slate-800" data-testid="tool-approval">
      <div className="flex items-start gap-2">
        <ShieldQuestion aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-amber-700" />
        <p className="min-w-0 break-words">
          <Trans
            t={t}
            i18nKey="tools.wantsToRun"
            values={{ tool: approval.tool, server: approval.server }}
            components={{ strong: <span className="font-semibold" /> }}
          />
        </p>
      </div>
      <div className="mt-2 text-xs">
        <ToolText label={t('tools.arguments')} text={prettyArguments(approval.arguments)} />
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <Button size="sm" onClick={() => answer(true)} disabled={decide.isPending}>
          {t('tools.allow')}
        </Button>
        <Button size="sm" variant="outline" onClick={() => answer(false)} disabled={decide.isPending}>
          {t('tools.deny')}
        </Button>
        <span className="text-xs text-slate-600">{deniedAfter}</span>
      </div>
    </div>
  );
}
