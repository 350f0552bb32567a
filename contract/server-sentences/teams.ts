/** Teams, seats and the team's controls. English as the server writes it (see ../server-sentences.ts). */
export const TEAM_SENTENCES = {
  onlyManagersInvite: "Only the team's owner and admins can invite people.",
  onlyManagersRevoke: "Only the team's owner and admins can revoke invitations.",
  onlyManagersRename: "Only the team's owner and admins can rename the team.",
  onlyManagersRoles: "Only the team's owner and admins can change roles.",
  onlyManagersRemove: "Only the team's owner and admins can remove members.",
  onlyManagersPolicy: "Only the team's owner and admins can change the team's policy.",
  onlyManagersUsage: "Only the team's owner and admins can see the team's usage.",
  onlyManagersAudit: "Only the team's owner and admins can see the team's audit.",
  invitationLinkInvalid: 'This invitation link is not valid any more: it was used, revoked or has expired. Ask for a new one.',
  emailIsMember: 'This email already belongs to a member of your team.',
  emailInvited: 'This email already has a pending invitation. Revoke it to send a new one.',
  alreadyMember: 'You are already a member of this team.',
  teamChanged: 'Your team changed meanwhile. Try again.',
  ownerCannotJoin: 'You own a team with other members: transfer ownership before you join another team.',
  premiumWouldBeLost:
    'Your team "{{team}}" has Premium until {{until}}, and joining another team would give it up. Join once it ends, or invite the person who invited you into your team instead.',
  planWouldBeLost:
    'Your team "{{team}}" has the {{plan}} plan until {{until}}, and joining another team would give it up. Join once it ends, or invite the person who invited you into your team instead.',
  seatsUsed_one: 'Your team uses {{used}} of {{count}} seat on the {{plan}} plan (members and pending invitations count). {{next}}',
  seatsUsed_other: 'Your team uses {{used}} of {{count}} seats on the {{plan}} plan (members and pending invitations count). {{next}}',
  seatUpgradeFree: 'Upgrade to Starter for up to 3 members or Pro for up to 10, or revoke a pending invitation.',
  seatUpgradeStarter: 'Upgrade to Pro for up to 10 members, or revoke a pending invitation.',
  seatUpgradePro: 'Upgrade to Enterprise for more members, or revoke a pending invitation.',
  seatUpgradeEnterprise: 'Ask your Genie operator to raise the Enterprise seats, or revoke a pending invitation.',
  tooManyMembers_one:
    'The {{plan}} plan has {{limit}} seat and your team has {{members}} members. Remove {{count}} member before choosing {{plan}}: nobody is removed without you choosing.',
  tooManyMembers_other:
    'The {{plan}} plan has {{limit}} seat and your team has {{members}} members. Remove {{count}} members before choosing {{plan}}: nobody is removed without you choosing.',
  tooManyMembersSeats_one:
    'The {{plan}} plan has {{limit}} seats and your team has {{members}} members. Remove {{count}} member before choosing {{plan}}: nobody is removed without you choosing.',
  tooManyMembersSeats_other:
    'The {{plan}} plan has {{limit}} seats and your team has {{members}} members. Remove {{count}} members before choosing {{plan}}: nobody is removed without you choosing.',
  ownerRoleByTransfer: 'The owner’s role changes only by transferring ownership.',
  useLeaveTeam: 'To leave your team, use Leave team.',
  ownerCannotBeRemoved: 'The owner cannot be removed from the team.',
  onlyMember: 'You are the only member of this team, so there is no team to leave.',
  ownerCannotLeave: 'You own this team: transfer ownership to another member before you leave.',
  onlyOwnerTransfers: 'Only the team’s owner can transfer ownership.',
  alreadyOwner: 'You already own this team.',
  policyPersona: "Your team's policy does not allow the {{persona}} persona. Your team owner can change this on the Team page.",
  policyMode: "Your team's policy does not allow {{mode}} mode. Your team owner can change this on the Team page.",
  policyImages: "Your team's policy does not allow image generation. Your team owner can change this on the Team page.",
  policyTools: "Your team's policy does not allow Genie's MCP tools. Your team owner can change this on the Team page.",
  policyApi: "Your team's policy does not allow the API. Your team owner can change this on the Team page.",
  memberBudgetUsed:
    'You have used your monthly budget of {{tokens}} tokens. It renews on the 1st of next month (UTC). Your team owner can change this on the Team page.',
  teamBudgetUsed:
    'Your team has used its monthly budget of {{tokens}} tokens. It renews on the 1st of next month (UTC). Your team owner can change this on the Team page.',
  budgetNegative: 'A budget cannot be negative.',
  retentionMin: 'Keep conversations for at least 1 day.',
  monthFormat: 'Give the month as YYYY-MM, e.g. 2026-09.',
  teamNameRequired: 'Enter a team name.',
  teamNameTooLong: 'Use at most {{max}} characters.',
  teamNameCharacters: 'A team name may not contain control characters.',
} as const;
