import { useTranslation } from '@/lib/i18n/i18n';
import { SectionHeading } from './section-heading';

/** landing.json's onboarding.<key>Title and <key>Text, in order. */
const STEPS = ['install', 'connect', 'invite', 'work'];

export function OnboardingSection() {
  const { t } = useTranslation('landing');
  return (
    <section aria-labelledby="onboarding-title" id="onboarding" className="scroll-mt-20 bg-slate-50 py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="onboarding-title" eyebrow={t('onboarding.eyebrow')} title={t('onboarding.title')} />
        <ol className="mt-14 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          {STEPS.map((step, index) => (
            <li key={step} className="relative rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
              <span aria-hidden="true" className="text-5xl font-black text-genie-700">
                {index + 1}
              </span>
              <h3 className="mt-2 text-lg font-semibold">
                <span className="sr-only">{t('onboarding.step', { number: index + 1 })}</span>
                {t(`onboarding.${step}Title`)}
              </h3>
              <p className="mt-2 text-sm leading-6 text-slate-600">{t(`onboarding.${step}Text`)}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
