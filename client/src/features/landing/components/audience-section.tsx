import { Briefcase, FileLock2, Store } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/i18n';
import { SectionHeading } from './section-heading';

/** landing.json's audience.<key>Title and <key>Text. */
const AUDIENCES = [
  { icon: Store, key: 'smallBusinesses' },
  { icon: Briefcase, key: 'agencies' },
  { icon: FileLock2, key: 'sensitive' },
];

export function AudienceSection() {
  const { t } = useTranslation('landing');
  return (
    <section aria-labelledby="audience-title" id="who" className="scroll-mt-20 bg-slate-50 py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="audience-title" eyebrow={t('audience.eyebrow')} title={t('audience.title')} />
        <ul className="mt-14 grid gap-6 md:grid-cols-3">
          {AUDIENCES.map(({ icon: Icon, key }) => (
            <li key={key} className="rounded-2xl bg-white p-7 shadow-sm ring-1 ring-slate-200">
              <Icon className="h-7 w-7 text-genie-600" aria-hidden="true" />
              <h3 className="mt-4 text-lg font-semibold">{t(`audience.${key}Title`)}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600">{t(`audience.${key}Text`)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
