import type { PersonaId } from '@contract/personas';
import { ADMIN_USAGE_TEAMS_MAX, USAGE_CHART_DAYS, type AdminUsage, type MyUsage, type TeamDailyUsage, type TeamPolicy, type TeamPolicyView, type TeamUsage } from '@contract/team-controls';
import type { TeamRole } from '@contract/teams';
import type { Mailer } from '../../adapters/mail/mailer';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { AppError, notFound } from '../../lib/app-error';
import type { UserDataChanges } from '../auth/session-cache';
import type { Clock } from '../../lib/clock';
import { recordAuditEntry, recordTeamEvent } from '../admin/audit-log';
import { eraseStaleConversations } from '../conversations/conversation-retention';
import { budgetAlertMail, budgetCrossings } from './budget-alerts';
import { teamControlsRepository as repo } from './team-controls.repository';
import { budgetRefusal, policyOfRow, policyRefusal, type PolicyAsk } from './team-policy-rules';
import { costUSD, csvLine, monthOf, monthRange, priceOf } from './usage-cost';
import { mailLanguage } from '../../adapters/mail/mail-texts';

const DAY_MS = 24 * 3600 * 1000;
const managers: readonly TeamRole[] = ['owner', 'admin'];

export interface TeamControlsDeps {
  db: Db;
  config: Config;
  clock: Clock;
  /** Mails the owner at 80% and 100% of a budget; null or absent when SMTP_URL is unset (no mail, no extra reads). */
  mailer?: Mailer | null;
  /** Where a failed budget mail is reported (the app's log); never given the address. */
  warn?: (message: string) => void;
  /** Told of each policy change once committed: cached API keys carry the policy's switches. */
  userDataChanges: UserDataChanges;
}

/** One model call's tokens, as the chat service hands them over. */
export interface UsageRecord {
  userId: string;
  persona: string;
  model: string;
  tokensIn: number;
  tokensOut: number;
  estimated: boolean;
}

/**
 * Issue 43: the team's policy (what members may use, budgets, retention), its enforcement for every
 * chat (the chat service asks `checkChat` once, where each exchange starts), usage and cost.
 */
export function createTeamControlsService(deps: TeamControlsDeps) {
  const { db, config, clock } = deps;

  async function membership(userId: string) {
    const found = await repo.membershipWithPolicy(db, userId);
    if (!found) throw notFound('Your account');
    return { ...found, rules: policyOfRow(found.policy) };
  }

  const mailing = new Set<Promise<void>>();

  /** The owner's mails for the budget lines this call crossed (budgetCrossings), if the team has budgets. */
  async function mailBudgetCrossings(record: UsageRecord, at: Date) {
    const me = await repo.membershipWithPolicy(db, record.userId);
    if (!me || !deps.mailer) return;
    const rules = policyOfRow(me.policy);
    if (rules.monthlyTokensPerMember === null && rules.monthlyTokensTeam === null) return;
    const month = monthOf(at);
    const { from, to } = monthRange(month);
    const crossings = budgetCrossings(rules, await repo.usedTokens(db, me.teamId, record.userId, from, to), record.tokensIn + record.tokensOut);
    if (crossings.length === 0) return;
    const facts = await repo.budgetMailFacts(db, me.teamId, record.userId);
    if (!facts) return;
    for (const crossing of crossings) {
      await deps.mailer.send(budgetAlertMail(mailLanguage(facts.ownerLanguage), { to: facts.ownerEmail, teamName: facts.teamName, memberName: facts.memberName, month, crossing }));
    }
  }

  const requireManager = (role: TeamRole, what: string) => {
    if (!managers.includes(role)) throw new AppError('forbidden', `Only the team's owner and admins can ${what}.`);
  };

  return {
    async policyView(userId: string): Promise<TeamPolicyView> {
      const me = await membership(userId);
      return { ...me.rules, canEdit: managers.includes(me.role) };
    },

    async setPolicy(userId: string, policy: TeamPolicy): Promise<TeamPolicyView> {
      const me = await membership(userId);
      requireManager(me.role, "change the team's policy");
      const now = clock.now();
      // Stored in a stable order, so a view never depends on the order the form sent.
      const normalized: TeamPolicy = {
        ...policy,
        personas: [...new Set(policy.personas)].sort(),
        modes: [...new Set(policy.modes)].sort(),
      };
      await db.transaction(async (tx) => {
        await repo.upsertPolicy(tx, me.teamId, normalized, userId, now);
        await recordTeamEvent(tx, { action: 'team_policy_changed', actorUserId: userId, teamId: me.teamId, details: { policy: JSON.stringify(normalized) }, at: now });
      });
      // Resolved API keys carry the API and tools switches (api-keys.service.ts): none may keep the old ones.
      deps.userDataChanges.changed();
      return { ...normalized, canEdit: true };
    },

    /**
     * The one check before a chat reaches a model (ChatService.startExchange): the team's policy,
     * then its budgets for the month. Throws a 403 AppError naming the rule.
     */
    async checkChat(userId: string, ask: PolicyAsk): Promise<void> {
      const me = await membership(userId);
      const refusal = policyRefusal(me.rules, ask);
      if (refusal) throw refusal;
      if (me.rules.monthlyTokensPerMember === null && me.rules.monthlyTokensTeam === null) return;
      const { from, to } = monthRange(monthOf(clock.now()));
      const over = budgetRefusal(me.rules, await repo.usedTokens(db, me.teamId, userId, from, to));
      if (over) throw over;
    },

    /** MCP tools in chat (issue 40): offered only when the team's policy allows tools. */
    async toolsAllowed(userId: string): Promise<boolean> {
      return (await membership(userId)).rules.tools;
    },

    /** Model calls are counted: the row goes with the chat's finish statement, as this module's repository writes it. */
    usageInsert: repo.usageInsertCte as typeof repo.usageInsertCte | null,

    /** A counted call, once stored: the owner's budget mails, if any line was crossed. */
    usageRecorded(record: UsageRecord, at: Date): void {
      if (!deps.mailer) return;
      // In the background: the reply has finished, and a slow mail server must not hold it.
      const job = mailBudgetCrossings(record, at)
        .catch((error: unknown) => deps.warn?.(`A budget email could not be sent: ${error instanceof Error ? error.message : String(error)}`))
        .finally(() => mailing.delete(job));
      mailing.add(job);
    },

    /** Resolves when every budget mail started so far has gone (or failed): tests and shutdown wait on it. */
    async budgetMailsIdle(): Promise<void> {
      await Promise.all([...mailing]);
    },

    /** GET /api/team/usage: the caller's team's month, for its owner and admins. */
    async teamUsage(userId: string, month: string | undefined): Promise<TeamUsage> {
      const me = await membership(userId);
      requireManager(me.role, "see the team's usage");
      const chosen = month ?? monthOf(clock.now());
      const { from, to } = monthRange(chosen);
      const [byUser, byModel, members] = await Promise.all([
        repo.teamUsageByUser(db, me.teamId, from, to),
        repo.teamUsageByModel(db, me.teamId, from, to),
        repo.teamMembers(db, me.teamId),
      ]);
      // Every current member, with nothing used when they used nothing; people who left (or were
      // erased) keep their line, so the members add up to the team.
      const lines = new Map<string, TeamUsage['members'][number]>();
      for (const m of members) lines.set(m.userId, { userId: m.userId, name: m.name, tokensIn: 0, tokensOut: 0, costUSD: 0 });
      for (const row of byUser) {
        const key = row.userId ?? '';
        const line = lines.get(key) ?? { userId: key, name: row.name ?? 'Deleted account', tokensIn: 0, tokensOut: 0, costUSD: 0 };
        line.tokensIn += row.tokensIn;
        line.tokensOut += row.tokensOut;
        line.costUSD = round(line.costUSD + costUSD(priceOf(config, row.persona), row.tokensIn, row.tokensOut));
        lines.set(key, line);
      }
      const models = byModel.map((row) => ({ ...row, costUSD: costUSD(priceOf(config, row.persona), row.tokensIn, row.tokensOut) }));
      const usedTeam = models.reduce((sum, m) => sum + m.tokensIn + m.tokensOut, 0);
      return {
        month: chosen,
        members: [...lines.values()],
        models,
        budget: { monthlyTokensPerMember: me.rules.monthlyTokensPerMember, monthlyTokensTeam: me.rules.monthlyTokensTeam, usedTeam },
      };
    },

    /** GET /api/admin/usage: the month across teams for the operator (the route checks the admin token). */
    async usageAcrossTeams(month: string | undefined): Promise<AdminUsage> {
      const chosen = month ?? monthOf(clock.now());
      const { from, to } = monthRange(chosen);
      const byTeam = new Map<string, AdminUsage['teams'][number]>();
      const total = { tokensIn: 0, tokensOut: 0, costUSD: 0 };
      for (const row of await repo.usageByTeam(db, from, to)) {
        const key = row.teamId ?? '';
        const line = byTeam.get(key) ?? { teamId: row.teamId, name: row.name ?? 'Deleted team', tokensIn: 0, tokensOut: 0, costUSD: 0 };
        const cost = costUSD(priceOf(config, row.persona), row.tokensIn, row.tokensOut);
        line.tokensIn += row.tokensIn;
        line.tokensOut += row.tokensOut;
        line.costUSD = round(line.costUSD + cost);
        total.tokensIn += row.tokensIn;
        total.tokensOut += row.tokensOut;
        total.costUSD = round(total.costUSD + cost);
        byTeam.set(key, line);
      }
      const ranked = [...byTeam.values()].sort((a, b) => b.tokensIn + b.tokensOut - (a.tokensIn + a.tokensOut) || a.name.localeCompare(b.name));
      return { month: chosen, teams: ranked.slice(0, ADMIN_USAGE_TEAMS_MAX), total, teamCount: ranked.length };
    },

    /** GET /api/team/usage/daily: the last USAGE_CHART_DAYS UTC days, today last, for the chart on /team. */
    async teamDailyUsage(userId: string): Promise<TeamDailyUsage> {
      const me = await membership(userId);
      requireManager(me.role, "see the team's usage");
      const today = Date.UTC(clock.now().getUTCFullYear(), clock.now().getUTCMonth(), clock.now().getUTCDate());
      const from = new Date(today - (USAGE_CHART_DAYS - 1) * DAY_MS);
      const rows = await repo.teamTokensByDay(db, me.teamId, from, new Date(today + DAY_MS));
      const byDay = new Map(rows.map((row) => [row.day, row.tokens]));
      const days = Array.from({ length: USAGE_CHART_DAYS }, (_, i) => new Date(from.getTime() + i * DAY_MS).toISOString().slice(0, 10));
      return { days: days.map((day) => ({ day, tokens: byDay.get(day) ?? 0 })) };
    },

    /** GET /api/team/usage?format=csv: the month as CSV; the download is an event of the team's audit. */
    async teamUsageCsv(userId: string, month: string | undefined): Promise<{ month: string; csv: string }> {
      const usage = await this.teamUsage(userId, month);
      await recordTeamEvent(db, { action: 'team_usage_exported', actorUserId: userId, details: { month: usage.month }, at: clock.now() });
      return { month: usage.month, csv: this.usageCsv(usage) };
    },

    /** The same month as CSV: one line per member, then one per model. */
    usageCsv(usage: TeamUsage): string {
      const lines = [csvLine(['kind', 'id', 'name', 'persona', 'tokensIn', 'tokensOut', 'costUSD'])];
      for (const m of usage.members) lines.push(csvLine(['member', m.userId, m.name, null, m.tokensIn, m.tokensOut, m.costUSD]));
      for (const m of usage.models) lines.push(csvLine(['model', m.model, m.model, m.persona, m.tokensIn, m.tokensOut, m.costUSD]));
      return `${lines.join('\r\n')}\r\n`;
    },

    /** GET /api/profile/usage: the caller's own month. */
    async myUsage(userId: string, month: string | undefined): Promise<MyUsage> {
      const me = await membership(userId);
      const chosen = month ?? monthOf(clock.now());
      const { from, to } = monthRange(chosen);
      const rows = await repo.userUsageByPersona(db, userId, from, to);
      let tokensIn = 0;
      let tokensOut = 0;
      let cost = 0;
      for (const row of rows) {
        tokensIn += row.tokensIn;
        tokensOut += row.tokensOut;
        cost = round(cost + costUSD(priceOf(config, row.persona as PersonaId), row.tokensIn, row.tokensOut));
      }
      return { month: chosen, tokensIn, tokensOut, costUSD: cost, monthlyTokensPerMember: me.rules.monthlyTokensPerMember };
    },

    /**
     * The daily retention run: for each team with retentionDays, its members' conversations last
     * active more than that many days ago (by the clock) are erased, pinned ones kept; the count goes
     * to the audit log. Answers the total erased.
     */
    async runRetention(): Promise<number> {
      const now = clock.now();
      let total = 0;
      for (const team of await repo.teamsWithRetention(db)) {
        const days = team.retentionDays!;
        const erased = await eraseStaleConversations(db, team.teamId, new Date(now.getTime() - days * DAY_MS));
        total += erased;
        if (erased > 0 && team.ownerId) {
          await recordAuditEntry(db, {
            actor: '(retention)',
            action: 'conversations_erased_by_retention',
            targetUserId: team.ownerId,
            targetLabel: team.teamName,
            details: { teamId: team.teamId, retentionDays: days, conversations: erased },
            teamId: team.teamId,
            at: now,
          });
        }
      }
      return total;
    },
  };
}

const round = (usd: number) => Math.round(usd * 1_000_000) / 1_000_000;

export type TeamControlsService = ReturnType<typeof createTeamControlsService>;
