import { ChevronDown } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/i18n';
import { SectionHeading } from './section-heading';

/** landing.json's faq.<key>Q and <key>A, in order. */
const QUESTIONS = ['where', 'models', 'offline', 'teammates', 'plan', 'demo'];

export function FaqSection() {
  const { t } = useTranslation('landing');
  return (
    <section aria-labelledby="faq-title" id="faq" className="scroll-mt-20 bg-white py-20 sm:py-24">
      <div className="mx-auto max-w-3xl px-4 sm:px-6">
        <SectionHeading id="faq-title" eyebrow={t('nav.faq')} title={t('faq.title')} />
        <div className="mt-12 divide-y divide-slate-200 rounded-2xl border border-slate-200">
          {QUESTIONS.map((key) => (
            <details key={key} className="group px-6 py-1 [&_summary::-webkit-details-marker]:hidden">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-lg py-4 text-left font-semibold text-slate-900">
                {t(`faq.${key}Q`)}
                <ChevronDown className="h-5 w-5 shrink-0 text-slate-400 transition-transform group-open:rotate-180" aria-hidden="true" />
              </summary>
              <p className="pb-5 text-sm leading-6 text-slate-600">{t(`faq.${key}A`)}</p>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}
