import { ChartColumn, Compass, Headset, Mail, Scale, Workflow, type LucideIcon } from 'lucide-react';
import { USE_CASES } from '@contract/use-cases';
import { useTranslation } from '@/lib/i18n/i18n';
import { SectionHeading } from './section-heading';

/**
 * SPEC §2: the six use cases, in SPEC's order (the contract's, which the demo form's dropdown
 * lists too). Their words are landing.json's useCases.<value>.
 */
const ICONS: Record<(typeof USE_CASES)[number]['value'], LucideIcon> = {
  'content-comms': Mail,
  'workflow-automation': Workflow,
  'private-support': Headset,
  'data-analysis': ChartColumn,
  'hr-compliance': Scale,
  'research-planning': Compass,
};

export function UseCasesSection() {
  const { t } = useTranslation('landing');
  return (
    <section aria-labelledby="use-cases-title" id="use-cases" className="scroll-mt-20 bg-white py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="use-cases-title" eyebrow={t('nav.useCases')} title={t('useCases.title')}>
          {t('useCases.lead')}
        </SectionHeading>
        <ul className="mt-14 grid gap-px overflow-hidden rounded-2xl border border-slate-200 bg-slate-200 sm:grid-cols-2 lg:grid-cols-3">
          {USE_CASES.map(({ value }) => {
            const Icon = ICONS[value];
            return (
              <li key={value} className="bg-white p-7 transition-colors hover:bg-genie-50/50">
                <span className="grid h-10 w-10 place-items-center rounded-lg bg-gradient-to-br from-genie-500 to-indigo-600 text-white shadow-sm">
                  <Icon className="h-5 w-5" aria-hidden="true" />
                </span>
                <h3 className="mt-4 text-base font-semibold">{t(`useCases.${value}.title`)}</h3>
                <p className="mt-2 text-sm leading-6 text-slate-600">{t(`useCases.${value}.text`)}</p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
