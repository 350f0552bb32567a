import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_SHOWN_CHARS } from '@contract/api-keys';
import { DEFAULT_TEAM_POLICY } from '@contract/team-controls';
import type { TeamAuditEntry } from '@contract/team-audit';
import { ManualClock } from '../../lib/clock';
import { uploadThroughApi } from '../../../tests/support/files';
import { createTestApp, signUp, type TestApp } from '../../../tests/support/test-app';
import { joinTeam, setTeamPlan } from '../../../tests/support/teams';

const NOW = new Date('2026-09-10T08:00:00Z');
const DAY = 24 * 3600 * 1000;
type Person = Awaited<ReturnType<typeof signUp>>;

/** Issue 43: the team audit, GET /api/team/audit, through the API. */
describe('team audit', () => {
  let t: TestApp;
  const clock = new ManualClock(NOW);
  beforeAll(async () => {
    t = await createTestApp({ deps: { clock } });
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE', url: string, who: Person, payload?: unknown) =>
    t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const audit = async (who: Person, query = 'limit=100') => {
    const response = await call('GET', `/api/team/audit?${query}`, who);
    expect(response.statusCode).toBe(200);
    return response.json() as { entries: TeamAuditEntry[]; nextCursor: string | null };
  };
  /** Moves the clock a second, so each event has its own time and the order is the order done. */
  const tick = () => clock.advance(1000);

  /** An owner on a premium plan with a plain member. */
  async function team() {
    const owner = await signUp(t.app);
    await setTeamPlan(t.database.db, owner.user.id, { premiumUntil: new Date(NOW.getTime() + 400 * DAY), plan: 'pro' });
    t.userDataChanges.changed();
    const member = await signUp(t.app);
    await joinTeam(t.app, owner, member, 'member');
    tick();
    return { owner, member };
  }

  it('records one entry of each kind, with who acted and on whom, newest first', async () => {
    const { owner, member } = await team();
    const helper = await signUp(t.app);
    await joinTeam(t.app, owner, helper, 'member');
    tick();
    const person = (p: Person) => ({ userId: p.user.id, name: p.user.username });

    expect((await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: member.user.email, password: member.password } })).statusCode).toBe(200);
    tick();
    const invited = await call('POST', '/api/team/invitations', owner, { email: 'Later.Person@example.com', role: 'admin' });
    tick();
    expect((await call('DELETE', `/api/team/invitations/${invited.json().id}`, owner)).statusCode).toBe(200);
    tick();
    expect((await call('PATCH', `/api/team/members/${member.user.id}`, owner, { role: 'admin' })).statusCode).toBe(200);
    tick();
    expect((await call('PUT', '/api/team/policy', member, { ...DEFAULT_TEAM_POLICY, retentionDays: 30 })).statusCode).toBe(200);
    tick();
    const file = await uploadThroughApi(t.app, member.cookie, { name: 'plan, v2.txt', bytes: Buffer.from('the plan'), type: 'text/plain', scope: 'team' });
    const privateFile = await uploadThroughApi(t.app, member.cookie, { name: 'mine.txt', bytes: Buffer.from('mine'), type: 'text/plain' });
    expect((await call('GET', `/api/files/${privateFile.id}/download`, member)).statusCode).toBe(200);
    expect((await call('GET', `/api/files/${file.id}/download?download`, owner)).statusCode).toBe(200);
    tick();
    expect((await call('DELETE', `/api/files/${file.id}`, owner)).statusCode).toBe(200);
    tick();
    expect((await call('POST', '/api/projects', member, { name: 'Launch', instructions: '', scope: 'team' })).statusCode).toBe(201);
    tick();
    expect((await call('POST', '/api/user/export', member)).statusCode).toBe(202);
    await t.app.userExports.idle();
    tick();
    const key = await call('POST', '/api/api-keys', member, { name: 'CI' });
    tick();
    expect((await call('DELETE', `/api/api-keys/${key.json().id}`, member)).statusCode).toBe(200);
    tick();
    expect((await call('GET', '/api/team/usage?month=2026-09&format=csv', owner)).statusCode).toBe(200);
    tick();
    expect((await call('POST', '/api/team/transfer', owner, { userId: member.user.id })).statusCode).toBe(200);
    tick();
    expect((await call('DELETE', `/api/team/members/${helper.user.id}`, member)).statusCode).toBe(200);
    tick();
    expect((await call('POST', '/api/team/leave', owner)).statusCode).toBe(200);

    // The owner left: the team's new owner reads it.
    const { entries, nextCursor } = await audit(member);
    expect(nextCursor).toBeNull();
    const prefix = (key.json().key as string).slice(0, API_KEY_SHOWN_CHARS);
    const rows = entries.map((e) => [e.kind, e.action, e.actor?.name ?? null, e.target?.name ?? null, e.summary]);
    expect(rows.slice(0, 15)).toEqual([
      ['role', 'member_left', owner.user.username, null, 'Left the team'],
      ['role', 'member_removed', member.user.username, helper.user.username, 'Removed a member from the team'],
      ['role', 'ownership_transferred', owner.user.username, member.user.username, 'Transferred ownership of the team'],
      ['export', 'team_usage_exported', owner.user.username, null, "Downloaded the team's usage for 2026-09 as CSV"],
      ['api_key', 'revoke_api_key', member.user.username, null, `Revoked the API key "CI" (${prefix}…)`],
      ['api_key', 'create_api_key', member.user.username, null, `Created the API key "CI" (${prefix}…)`],
      ['export', 'data_export_started', member.user.username, null, 'Started an export of their own data'],
      ['share', 'shared_with_team', member.user.username, null, 'Shared the project "Launch" with the team'],
      ['file', 'team_file_deleted', owner.user.username, null, 'Deleted "plan, v2.txt" from the team library'],
      ['file', 'team_file_downloaded', owner.user.username, null, 'Downloaded "plan, v2.txt" from the team library'],
      ['policy', 'team_policy_changed', member.user.username, null, "Changed the team's policy"],
      ['role', 'member_role_changed', owner.user.username, member.user.username, 'Changed a role from member to admin'],
      ['invitation', 'invitation_revoked', owner.user.username, 'later.person@example.com', 'Revoked the invitation of later.person@example.com'],
      ['invitation', 'invitation_created', owner.user.username, 'later.person@example.com', 'Invited later.person@example.com as admin'],
      ['sign_in', 'signed_in', member.user.username, null, 'Signed in (password)'],
    ]);
    // Each invitation and its acceptance happen in the same second (joinTeam): their order within it is the id's.
    expect(rows.slice(15).map((row) => JSON.stringify(row)).sort()).toEqual(
      [
        ['invitation', 'invitation_accepted', helper.user.username, null, 'Joined the team as member'],
        ['invitation', 'invitation_created', owner.user.username, helper.user.email, `Invited ${helper.user.email} as member`],
        ['invitation', 'invitation_accepted', member.user.username, null, 'Joined the team as member'],
        ['invitation', 'invitation_created', owner.user.username, member.user.email, `Invited ${member.user.email} as member`],
      ]
        .map((row) => JSON.stringify(row))
        .sort(),
    );
    const roleChange = entries.find((e) => e.action === 'member_role_changed')!;
    expect(roleChange).toEqual({
      id: roleChange.id,
      at: new Date(NOW.getTime() + 5000).toISOString(),
      kind: 'role',
      action: 'member_role_changed',
      actor: person(owner),
      target: person(member),
      summary: 'Changed a role from member to admin',
    });
    // Sign-up's first session is no sign-in; the owner who left sees the team's audit no more.
    expect(entries.filter((e) => e.action === 'signed_in')).toHaveLength(1);
    expect((await audit(owner)).entries.map((e) => e.action)).toEqual([]);
  });

  it('records the retention run as done by Genie', async () => {
    const { owner } = await team();
    await call('POST', '/api/chat', owner, { message: 'Hello there' });
    clock.advance(3 * DAY);
    try {
      expect((await call('PUT', '/api/team/policy', owner, { ...DEFAULT_TEAM_POLICY, retentionDays: 2 })).statusCode).toBe(200);
      await t.app.teamRetentionRun();
      const [entry] = (await audit(owner, 'kind=retention')).entries;
      expect(entry).toMatchObject({ kind: 'retention', actor: null, target: null, summary: 'Erased 1 conversation(s) not used for 2 days' });
    } finally {
      clock.set(NOW);
    }
  });

  it('filters by person and kind, pages with a cursor, and exports the filtered entries as CSV', async () => {
    const { owner, member } = await team();
    for (const name of ['one', 'two', 'three']) {
      expect((await call('POST', '/api/prompts', member, { title: name, body: 'text', scope: 'team' })).statusCode).toBe(201);
      tick();
    }
    expect((await call('POST', '/api/prompts', owner, { title: 'owner’s', body: 'text', scope: 'team' })).statusCode).toBe(201);
    tick();

    const first = await audit(owner, `kind=share&person=${member.user.id}&limit=2`);
    expect(first.entries.map((e) => e.summary)).toEqual(['Shared the prompt "three" with the team', 'Shared the prompt "two" with the team']);
    expect(first.nextCursor).not.toBeNull();
    const second = await audit(owner, `kind=share&person=${member.user.id}&limit=2&cursor=${first.nextCursor}`);
    expect(second.entries.map((e) => e.summary)).toEqual(['Shared the prompt "one" with the team']);
    expect(second.nextCursor).toBeNull();
    // The person filter takes what was done to them too: the invitation they accepted, not the owner's invitation to them (no account then).
    expect((await audit(owner, `person=${member.user.id}&kind=invitation`)).entries.map((e) => e.action)).toEqual(['invitation_accepted']);

    const csv = await call('GET', `/api/team/audit?kind=share&person=${member.user.id}&format=csv`, owner);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="genie-team-audit.csv"');
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe('at,kind,action,actorId,actor,targetId,target,summary');
    expect(lines.slice(1)).toEqual([
      ...['three', 'two', 'one'].map(
        (name, i) => `${new Date(NOW.getTime() + (3 - i) * 1000).toISOString()},Shares,shared_with_team,${member.user.id},${member.user.username},,,"Shared the prompt ""${name}"" with the team"`,
      ),
      '',
    ]);
    // The download is itself an event.
    expect((await audit(owner, 'kind=export')).entries.map((e) => e.action)).toEqual(['team_audit_exported']);

    expect((await call('GET', '/api/team/audit?kind=everything', owner)).statusCode).toBe(400);
    expect((await call('GET', '/api/team/audit?limit=101', owner)).statusCode).toBe(400);
    expect((await call('GET', '/api/team/audit?cursor=bm9wZQ', owner)).json()).toEqual({ error: 'That cursor is not valid.', code: 'invalid_input', field: 'cursor' });
  });

  it('keeps an erased member\'s entries, naming no one', async () => {
    const { owner, member } = await team();
    expect((await call('POST', '/api/api-keys', member, { name: 'laptop' })).statusCode).toBe(201);
    expect((await call('DELETE', '/api/user', member, { password: member.password })).json()).toEqual({ status: 'erased' });
    const { entries } = await audit(owner);
    expect(entries.map((e) => [e.action, e.actor?.name ?? null, e.actor?.userId ?? null, e.target?.name ?? null, e.summary]).sort()).toEqual(
      [
        ['create_api_key', 'Erased account', null, null, 'Created an API key'],
        ['invitation_accepted', 'Erased account', null, null, 'Joined the team'],
        ['invitation_created', owner.user.username, owner.user.id, 'Erased account', 'Invited someone'],
      ].sort(),
    );
    expect(JSON.stringify(entries)).not.toContain(member.user.email);
    expect(JSON.stringify(entries)).not.toContain(member.user.username);
  });

  it("never shows another team's events; a plain member is refused", async () => {
    const a = await team();
    const b = await team();
    expect((await call('POST', '/api/prompts', b.member, { title: 'secret', body: 'text', scope: 'team' })).statusCode).toBe(201);
    const mine = await audit(a.owner);
    expect(mine.entries.map((e) => e.action).sort()).toEqual(['invitation_accepted', 'invitation_created']);
    expect(mine.entries.every((e) => [a.owner.user.id, a.member.user.id].includes(e.actor!.userId!))).toBe(true);
    // Asking for the other team's member finds nothing of theirs.
    expect((await audit(a.owner, `person=${b.member.user.id}`)).entries).toEqual([]);
    const plain = await call('GET', '/api/team/audit', a.member);
    expect(plain.statusCode).toBe(403);
    expect(plain.json()).toEqual({ error: "Only the team's owner and admins can see the team's audit.", code: 'forbidden' });
    expect((await call('GET', '/api/team/audit?format=csv', a.member)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/team/audit' })).statusCode).toBe(401);
  });
});
