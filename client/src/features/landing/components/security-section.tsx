import { FileCheck2, Globe, KeyRound, LockKeyhole, ScrollText, ShieldCheck } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/i18n';
import { SectionHeading } from './section-heading';

/** landing.json's security.<key>Title and <key>Text; SSO's title reads the same in every language. */
const OPTIONS = [
  { icon: ShieldCheck, key: 'gdpr' },
  { icon: FileCheck2, key: 'hipaa' },
  { icon: KeyRound, key: 'sso', title: 'SSO' },
  { icon: Globe, key: 'residency' },
  { icon: LockKeyhole, key: 'encryption' },
  { icon: ScrollText, key: 'audit' },
];

export function SecuritySection() {
  const { t } = useTranslation('landing');
  return (
    <section aria-labelledby="security-title" id="security" className="fixed-palette scroll-mt-20 bg-genie-950 py-20 text-white sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="security-title" eyebrow={t('nav.security')} title={t('security.title')} tone="dark">
          {t('security.lead')}
        </SectionHeading>
        <ul className="mt-14 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {OPTIONS.map(({ icon: Icon, key, title }) => (
            <li key={key} className="rounded-2xl border border-white/10 bg-white/[0.04] p-6">
              <Icon className="h-6 w-6 text-genie-300" aria-hidden="true" />
              <h3 className="mt-4 text-lg font-semibold">{title ?? t(`security.${key}Title`)}</h3>
              <p className="mt-2 text-sm leading-6 text-genie-100/75">{t(`security.${key}Text`)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
