import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { AuthOptions } from '@contract/auth';
import { meQueryOptions } from '@/lib/current-user';
import { authOptionsQuery } from '../api/auth-options';
import { VerifyEmailBanner } from './verify-email-banner';

const me = (emailVerified: boolean) => ({ user: { id: 'u1', email: 'ada@example.com', username: 'ada', createdAt: '2026-11-01T00:00:00.000Z', emailVerified, language: null } });

function draw(emailVerified: boolean, passwordReset: AuthOptions['passwordReset']) {
  const client = new QueryClient();
  client.setQueryData(meQueryOptions().queryKey, me(emailVerified));
  client.setQueryData(authOptionsQuery().queryKey, { passwordReset } as AuthOptions);
  return renderToString(
    <QueryClientProvider client={client}>
      <VerifyEmailBanner />
    </QueryClientProvider>,
  );
}

/** The note on an unverified account: it never says a link was mailed when Genie sends no mail. */
describe('VerifyEmailBanner', () => {
  it('says the link was mailed, and offers Resend, when Genie can mail', () => {
    const html = draw(false, 'mail');
    expect(html).toContain('Open the link we mailed you');
    expect(html).toContain('>Resend</button>');
  });

  it('says no mail can be sent, with no Resend, when Genie sends no mail', () => {
    const html = draw(false, 'operator');
    expect(html).toContain('This Genie sends no mail, so it cannot be verified until its operator sets mail up');
    expect(html).not.toContain('we mailed you');
    expect(html).not.toContain('Resend');
  });

  it('draws nothing for a verified account', () => {
    expect(draw(true, 'mail')).toBe('');
  });
});
