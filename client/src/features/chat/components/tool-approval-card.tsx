import { ShieldQuestion } from 'lucide-react';
import type { ToolApprovalEvent } from '@contract/mcp-tools';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useDecideToolApproval } from '../api/decide-tool-approval';
import { prettyArguments, ToolText } from './tool-call-block';

/**
 * A tool call that changes things, waiting for the user (issue 40): what would run and with what,
 * and Allow or Deny. Unanswered, it counts as denied when its time is up.
 */
export function ToolApprovalCard({ approval, onAnswered }: { approval: ToolApprovalEvent; onAnswered(id: string): void }) {
  const decide = useDecideToolApproval();
  const answer = (approve: boolean) =>
    decide.mutate(
      { id: approval.id, approve },
      {
        onSettled: () => onAnswered(approval.id),
        onError: () => toast({ title: 'Tool call', description: 'That call is no longer waiting: it ran out of time or the reply ended.', variant: 'destructive' }),
      },
    );
  const seconds = approval.expiresInSeconds;
  const limit = seconds < 90 ? `${seconds} seconds` : `${Math.round(seconds / 60)} minutes`;
  return (
    <div role="group" aria-label={`Allow ${approval.tool}?`} className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-slate-800" data-testid="tool-approval">
      <div className="flex items-start gap-2">
        <ShieldQuestion aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-amber-700" />
        <p className="min-w-0 break-words">
          The reply wants to run <span className="font-semibold">{approval.tool}</span> from <span className="font-semibold">{approval.server}</span>. It can change things, so it
          runs only if you allow it.
        </p>
      </div>
      <div className="mt-2 text-xs">
        <ToolText label="Arguments" text={prettyArguments(approval.arguments)} />
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <Button size="sm" onClick={() => answer(true)} disabled={decide.isPending}>
          Allow
        </Button>
        <Button size="sm" variant="outline" onClick={() => answer(false)} disabled={decide.isPending}>
          Deny
        </Button>
        <span className="text-xs text-slate-600">{`Denied if not answered within ${limit}.`}</span>
      </div>
    </div>
  );
}
