import { z } from 'zod';
import { CHAT_MODES, type ChatMode } from './chat';
import { getPersona, PERSONA_IDS, type PersonaId } from './personas';

/**
 * Issue 43, the team owner's controls: what the team's members may use (the owner and admins too),
 * their monthly token budgets, and how long conversations are kept. The operator's limits (plans,
 * daily allowances) still apply on top: a policy can only narrow them.
 */
const budget = z.number().int('Use a whole number of tokens.').min(0, 'A budget cannot be negative.').max(1_000_000_000_000).nullable();

export const teamPolicySchema = z.object({
  personas: z.array(z.enum(PERSONA_IDS)).max(PERSONA_IDS.length),
  modes: z.array(z.enum(CHAT_MODES)).max(CHAT_MODES.length),
  imageGeneration: z.boolean(),
  /** MCP tools: Genie's own (POST /mcp) and the operator's MCP servers' tools in chat (issue 40). */
  tools: z.boolean(),
  /** API keys' use of /v1 and /mcp. */
  api: z.boolean(),
  monthlyTokensPerMember: budget,
  monthlyTokensTeam: budget,
  /** Conversations not touched for this many days are erased (pinned ones are kept); null keeps them. */
  retentionDays: z.number().int('Use a whole number of days.').min(1, 'Keep conversations for at least 1 day.').max(36_500).nullable(),
});
export type TeamPolicy = z.infer<typeof teamPolicySchema>;

/** A team that never set a policy: everything on, no budget, nothing erased. */
export const DEFAULT_TEAM_POLICY: TeamPolicy = {
  personas: [...PERSONA_IDS],
  modes: [...CHAT_MODES],
  imageGeneration: true,
  tools: true,
  api: true,
  monthlyTokensPerMember: null,
  monthlyTokensTeam: null,
  retentionDays: null,
};

/** GET /api/team/policy: the policy, and whether the caller may change it (owner and admins). */
export const teamPolicyViewSchema = teamPolicySchema.extend({ canEdit: z.boolean() });
export type TeamPolicyView = z.infer<typeof teamPolicyViewSchema>;

export const MODE_NAMES: Record<ChatMode, string> = { chat: 'Chat', dictionary: 'Dictionary', law: 'Legal' };

/** Said after every refusal: the rule is the team's, and who can change it. */
export const POLICY_CHANGER = 'Your team owner can change this on the Team page.';

/** The sentences a refused request answers with (403), each naming the rule and who can change it. */
export const policyRefusals = {
  persona: (id: PersonaId) => `Your team's policy does not allow the ${getPersona(id).name} persona. ${POLICY_CHANGER}`,
  mode: (mode: ChatMode) => `Your team's policy does not allow ${MODE_NAMES[mode]} mode. ${POLICY_CHANGER}`,
  imageGeneration: `Your team's policy does not allow image generation. ${POLICY_CHANGER}`,
  tools: `Your team's policy does not allow Genie's MCP tools. ${POLICY_CHANGER}`,
  api: `Your team's policy does not allow the API. ${POLICY_CHANGER}`,
  memberBudget: (tokens: number) =>
    `You have used your monthly budget of ${tokens.toLocaleString('en-US')} tokens. It renews on the 1st of next month (UTC). ${POLICY_CHANGER}`,
  teamBudget: (tokens: number) =>
    `Your team has used its monthly budget of ${tokens.toLocaleString('en-US')} tokens. It renews on the 1st of next month (UTC). ${POLICY_CHANGER}`,
};

/** The chat list's line about retention. */
export const retentionNotice = (days: number) => `Conversations are deleted after ${days} day${days === 1 ? '' : 's'}.`;

export const usageMonthSchema = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Give the month as YYYY-MM, e.g. 2026-09.');

export const usageQuerySchema = z.object({
  month: usageMonthSchema.optional(),
  format: z.enum(['json', 'csv']).optional(),
});

const tokenCounts = { tokensIn: z.number().int(), tokensOut: z.number().int(), costUSD: z.number() };
export const teamUsageSchema = z.object({
  month: z.string(),
  members: z.array(z.object({ userId: z.string(), name: z.string(), ...tokenCounts })),
  models: z.array(z.object({ model: z.string(), persona: z.string(), ...tokenCounts })),
  budget: z.object({ monthlyTokensPerMember: z.number().int().nullable(), monthlyTokensTeam: z.number().int().nullable(), usedTeam: z.number().int() }),
});
export type TeamUsage = z.infer<typeof teamUsageSchema>;

/** The usage chart's span: GET /api/team/usage/daily answers this many days, today last. */
export const USAGE_CHART_DAYS = 90;
/** GET /api/team/usage/daily: the team's tokens (in and out) per UTC day, every day present (0 when none). */
export const teamDailyUsageSchema = z.object({ days: z.array(z.object({ day: z.string(), tokens: z.number().int() })) });
export type TeamDailyUsage = z.infer<typeof teamDailyUsageSchema>;

/** The admin console's usage list is bounded: the teams that used the most, this many. */
export const ADMIN_USAGE_TEAMS_MAX = 200;
/** GET /api/admin/usage?month=YYYY-MM: the month across teams (the operator's view), most tokens first, and all teams' total. */
export const adminUsageSchema = z.object({
  month: z.string(),
  teams: z.array(z.object({ teamId: z.string().nullable(), name: z.string(), ...tokenCounts })),
  total: z.object(tokenCounts),
  /** Teams with usage this month; more than `teams.length` when the list was cut at ADMIN_USAGE_TEAMS_MAX. */
  teamCount: z.number().int(),
});
export type AdminUsage = z.infer<typeof adminUsageSchema>;

/** GET /api/profile/usage: the caller's own month. */
export const myUsageSchema = z.object({
  month: z.string(),
  ...tokenCounts,
  monthlyTokensPerMember: z.number().int().nullable(),
});
export type MyUsage = z.infer<typeof myUsageSchema>;
