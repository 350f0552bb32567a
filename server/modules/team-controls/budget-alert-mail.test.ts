import { describe, expect, it } from 'vitest';
import { budgetAlertMail } from './budget-alerts';

const crossing = { scope: 'member' as const, share: 0.8 as const, budget: 100000, used: 80500 };
const facts = { to: 'owner@example.test', teamName: 'Acme', memberName: 'ana', month: '2026-09', crossing };

// Intl writes a no-break space before % (U+00A0) and French groups thousands with a narrow one (U+202F).
describe('the budget alert in the owner’s language (issue 44)', () => {
  it.each([
    ['de', 'ana hat 80\u00a0% des monatlichen Token-Budgets verbraucht', 'ana hat im Monat 2026-09 80.500 Tokens verbraucht: 80\u00a0% des monatlichen Budgets von 100.000 Tokens.'],
    ['fr', 'ana a utilisé 80\u00a0% de son budget mensuel de jetons', 'ana a utilisé 80\u202f500 jetons en 2026-09 : 80\u00a0% de son budget mensuel de 100\u202f000 jetons.'],
    ['es', 'ana ha usado el 80\u00a0% de su presupuesto mensual de tokens', 'ana ha usado 80.500 tokens en 2026-09: el 80\u00a0% de su presupuesto mensual de 100.000 tokens.'],
  ] as const)('is written in %s, its numbers too', (language, subject, figures) => {
    const mail = budgetAlertMail(language, facts);
    expect(mail.subject).toBe(subject);
    expect(mail.text.split('\n')[2]).toBe(figures);
  });

  it('names a member without a name in the language, and says the team’s chats stop at the whole budget', () => {
    const mail = budgetAlertMail('de', { ...facts, memberName: null, crossing: { ...crossing, scope: 'team', share: 1 } });
    expect(mail.subject).toBe('Ihr Team "Acme" hat 100\u00a0% seines monatlichen Token-Budgets verbraucht');
    expect(mail.text).toContain('Genie lehnt die Chats des Teams jetzt ab');
    expect(budgetAlertMail('en', { ...facts, memberName: null }).subject).toBe('A member has used 80% of their monthly token budget');
  });
});
