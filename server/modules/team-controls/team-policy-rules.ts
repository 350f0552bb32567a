import type { ChatMode } from '@contract/chat';
import type { PersonaId } from '@contract/personas';
import { DEFAULT_TEAM_POLICY, policyRefusals, type TeamPolicy } from '@contract/team-controls';
import type { TeamPolicyRow } from '../../db/schema/team-controls';
import { AppError } from '../../lib/app-error';

/** The stored row as the contract's policy; no row is the default policy. */
export function policyOfRow(row: TeamPolicyRow | null | undefined): TeamPolicy {
  if (!row) return DEFAULT_TEAM_POLICY;
  return {
    personas: row.personas,
    modes: row.modes,
    imageGeneration: row.imageGeneration,
    tools: row.tools,
    api: row.api,
    monthlyTokensPerMember: row.monthlyTokensPerMember,
    monthlyTokensTeam: row.monthlyTokensTeam,
    retentionDays: row.retentionDays,
  };
}

const refuse = (message: string, field?: string) => new AppError('forbidden', message, field);

/** What a chat asks of the policy: who sends it, through which door, and what it uses. */
export interface PolicyAsk {
  /** Present when the request came with an API key (/v1, or /mcp's ask). */
  viaApiKey: boolean;
  persona: PersonaId;
  mode: ChatMode;
  generateImage: boolean;
}

/**
 * The policy's refusal of a chat (403, a sentence naming the rule and who can change it), or null.
 * The order is the order a person would fix things in: the door, then what they chose.
 */
export function policyRefusal(policy: TeamPolicy, ask: PolicyAsk): AppError | null {
  if (ask.viaApiKey && !policy.api) return refuse(policyRefusals.api);
  if (!policy.personas.includes(ask.persona)) return refuse(policyRefusals.persona(ask.persona), 'character');
  if (!policy.modes.includes(ask.mode)) return refuse(policyRefusals.mode(ask.mode), 'mode');
  if (ask.generateImage && !policy.imageGeneration) return refuse(policyRefusals.imageGeneration, 'generateImage');
  return null;
}

/**
 * An API key's door (issue 43): /v1 needs the policy's API switch, /mcp also its tools switch.
 * The policy comes with the key's user (ApiKeyUser.policy, cached like it); a chat through /v1 is
 * checked again, fresh, by policyRefusal where it starts.
 */
export function apiDoorRefusal(policy: Pick<TeamPolicy, 'api' | 'tools'>, surface: 'api' | 'mcp'): AppError | null {
  if (!policy.api) return refuse(policyRefusals.api);
  if (surface === 'mcp' && !policy.tools) return refuse(policyRefusals.tools);
  return null;
}

/** The budget's refusal for the tokens used this month, or null. A budget of 0 refuses every call. */
export function budgetRefusal(policy: TeamPolicy, used: { mine: number; team: number }): AppError | null {
  if (policy.monthlyTokensPerMember !== null && used.mine >= policy.monthlyTokensPerMember) return refuse(policyRefusals.memberBudget(policy.monthlyTokensPerMember));
  if (policy.monthlyTokensTeam !== null && used.team >= policy.monthlyTokensTeam) return refuse(policyRefusals.teamBudget(policy.monthlyTokensTeam));
  return null;
}
