import { describe, expect, inject, it } from 'vitest';
import { signedWebhookHeaders } from '../support/webhook';
import { AuthPage } from './pages/auth-page';
import { PersonaCarouselPage } from './pages/persona-carousel';
import { TeamPage } from './pages/team-page';
import { E2E_WEBHOOK_SECRET } from './support/admin-credentials';
import { screenshot, uniqueUser, type VIEWPORTS } from './support/browser';
import { useBrowser } from './support/browser-hooks';

const baseURL = inject('baseURL');

describe('teams', () => {
  const browser = useBrowser(() => baseURL);

  const open = (viewport: keyof typeof VIEWPORTS) => browser.page({ viewport });

  it('an owner on Starter invites by link; a newcomer signs up through it into the team; the owner removes them', async () => {
    // The owner signs up in the browser and buys Starter (a signed payment webhook): 3 seats.
    const ownerPage = await open('desktop');
    const owner = uniqueUser();
    await new AuthPage(ownerPage).signUp(owner);
    await ownerPage.waitForURL(`${baseURL}/chat`);
    const me = (await (await ownerPage.request.get('/api/auth/me')).json()) as { user: { id: string } };
    const payment = JSON.stringify({
      eventId: `evt-team-${owner.username}`, userId: me.user.id, cryptocurrency: 'BTC', amount: '0.00081234', amountUSD: '49.00', status: 'confirmed', plan: 'starter', txHash: `0xteam${owner.username}`,
    });
    const webhook = await ownerPage.request.post('/api/payments/webhook', { headers: signedWebhookHeaders(E2E_WEBHOOK_SECRET, payment), data: payment });
    expect(webhook.status()).toBe(200);

    // Past the persona carousel, from the chat sidebar's Account section to the Team page.
    const carousel = new PersonaCarouselPage(ownerPage);
    await carousel.dialog().waitFor();
    await carousel.skip();
    await carousel.waitClosed();
    await ownerPage.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'Team', exact: true }).click();
    const ownerTeam = new TeamPage(ownerPage);
    await ownerPage.getByTestId('team-name').waitFor();
    expect(await ownerTeam.name()).toBe(owner.username);
    expect(await ownerPage.getByTestId('team-seats').textContent()).toBe('1 of 3 used');
    const teamName = `Acme ${owner.username}`;
    await ownerTeam.rename(teamName);

    // No mail configured on this server: the link is shown to copy, and the invitation holds a seat.
    const guest = uniqueUser();
    const link = await ownerTeam.invite(guest.email);
    expect(link).toMatch(new RegExp(`^${baseURL}/invite/[A-Za-z0-9_-]{43}$`));
    expect(await ownerPage.getByTestId('team-seats').textContent()).toBe('2 of 3 used');
    expect(await ownerPage.getByTestId('team-invitation').getByText(guest.email).count()).toBe(1);
    await screenshot(ownerPage, 'team-owner-invited-desktop');

    // The owner puts a folder and a file in the team library (through the API, as the files page would).
    const folderName = `Contracts ${owner.username}`;
    const folder = await ownerPage.request.post('/api/folders', { data: { name: folderName, scope: 'team' } });
    expect(folder.status()).toBe(201);
    const bytes = Buffer.from('Notice period: ninety days.');
    const { uploadURL } = (await (await ownerPage.request.post('/api/objects/upload')).json()) as { uploadURL: string };
    expect((await ownerPage.request.put(uploadURL, { headers: { 'content-type': 'text/plain' }, data: bytes })).status()).toBe(200);
    const { objectPath } = (await (await ownerPage.request.put('/api/files/upload-complete', { data: { fileURL: uploadURL } })).json()) as { objectPath: string };
    const teamFile = await ownerPage.request.post('/api/files', { data: { originalName: 'acme-msa.txt', mimeType: 'text/plain', size: bytes.length, objectPath, scope: 'team' } });
    expect(teamFile.status()).toBe(201);
    const teamFileId = ((await teamFile.json()) as { id: string }).id;

    // A second browser (a phone) opens the link, signs up through it and lands in the team.
    const guestPage = await open('phone');
    await guestPage.goto(link);
    await guestPage.getByRole('heading', { name: `Join ${teamName} on Genie` }).waitFor();
    expect(await guestPage.getByText(`${owner.username} invited ${guest.email} to join as a member.`, { exact: false }).count()).toBe(1);
    await screenshot(guestPage, 'team-invitation-phone');
    await guestPage.getByRole('link', { name: 'Create an account and join' }).click();
    await new AuthPage(guestPage).signUp(guest, '');
    await guestPage.waitForURL(`${baseURL}/team`);
    const guestTeam = new TeamPage(guestPage);
    await guestPage.getByTestId('team-name').waitFor();
    expect(await guestTeam.name()).toBe(teamName);
    expect(await guestTeam.members()).toEqual([`${owner.username} Owner`, `${guest.username} Member`]);
    await screenshot(guestPage, 'team-member-phone');

    // The new member sees the team library: the owner's folder and file, and can download the file.
    await guestPage.goto(`${baseURL}/files?scope=team`);
    await guestPage.getByText(folderName, { exact: true }).first().waitFor();
    await guestPage.getByText('acme-msa.txt', { exact: true }).first().waitFor();
    await screenshot(guestPage, 'team-library-member-phone');
    const download = await guestPage.request.get(`/api/files/${teamFileId}/download`);
    expect(download.status()).toBe(200);
    expect(await download.text()).toBe('Notice period: ninety days.');

    // The link is used up: opening it again says so.
    await guestPage.goto(link);
    await guestPage.getByText('This invitation cannot be used').waitFor();

    // The owner sees the new member and removes them.
    await ownerTeam.open();
    expect(await ownerTeam.members()).toEqual([`${owner.username} Owner`, `${guest.username} Member`]);
    expect(await ownerPage.getByTestId('team-invitation').count()).toBe(0);
    await ownerTeam.remove(guest.username);
    // Gone from the members (the team's audit and usage still name them, as they should).
    await ownerPage.getByTestId('team-member').filter({ hasText: guest.username }).waitFor({ state: 'detached' });
    expect(await ownerTeam.members()).toEqual([`${owner.username} Owner`]);
    expect(await ownerPage.getByTestId('team-seats').textContent()).toBe('1 of 3 used');

    // Removal ends access at once: the removed person's next request for the team file is 404.
    const afterRemoval = await guestPage.request.get(`/api/files/${teamFileId}/download`);
    expect(afterRemoval.status()).toBe(404);

    // The removed person now has a team of their own again.
    await guestTeam.open();
    expect(await guestTeam.name()).toBe(guest.username);
    expect(await guestTeam.members()).toEqual([`${guest.username} Owner`]);
  });
});
