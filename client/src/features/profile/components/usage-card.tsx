import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useMyUsage } from '../api/get-usage';

const tokens = (n: number) => n.toLocaleString('en-US');

/** /profile (issue 43): this month's tokens and cost, and the budget left when the team sets one. */
export function UsageCard() {
  const usage = useMyUsage().data;
  if (!usage) return null;
  const used = usage.tokensIn + usage.tokensOut;
  const budget = usage.monthlyTokensPerMember;
  return (
    <Card data-testid="my-usage" className="mt-4 sm:mt-6">
      <CardHeader>
        <CardTitle>This month's usage</CardTitle>
      </CardHeader>
      <CardContent className="text-sm text-slate-700">
        <p>
          {tokens(used)} tokens ({tokens(usage.tokensIn)} in, {tokens(usage.tokensOut)} out), about ${usage.costUSD.toFixed(2)}.
        </p>
        {budget !== null && <p>{tokens(Math.max(0, budget - used))} of your team's monthly budget of {tokens(budget)} tokens left.</p>}
      </CardContent>
    </Card>
  );
}
