import { BookOpen, HardDrive, Plug, UserCheck } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/i18n';
import { SectionHeading } from './section-heading';

const REASONS = [
  {
    icon: HardDrive,
    key: 'ownMachine',
  },
  {
    icon: Plug,
    key: 'choose',
  },
  {
    icon: BookOpen,
    key: 'offline',
  },
  {
    icon: UserCheck,
    key: 'ownData',
  },
];

export function WhySection() {
  const { t } = useTranslation('landing');
  return (
    <section aria-labelledby="why-title" id="why" className="scroll-mt-20 bg-white py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="why-title" eyebrow={t('why.eyebrow')} title={t('why.title')}>
          {t('why.lead')}
        </SectionHeading>
        <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {REASONS.map(({ icon: Icon, key }) => (
            <li key={key} className="rounded-2xl border border-slate-200 bg-slate-50/60 p-6 transition-shadow hover:shadow-md">
              <span className="grid h-11 w-11 place-items-center rounded-xl bg-genie-100 text-genie-700">
                <Icon className="h-5 w-5" aria-hidden="true" />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{t(`why.${key}Title`)}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600">{t(`why.${key}Text`)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
