import { useTranslation } from '@/lib/i18n/i18n';
import { SectionHeading } from './section-heading';

/** landing.json's roi.<key>Value, <key>Label and <key>Detail: the figures are written per language ("32 Stunden", "1.000 $"). */
const FIGURES = ['routine', 'hours', 'saved'];

export function RoiSection() {
  const { t } = useTranslation('landing');
  return (
    <section aria-labelledby="roi-title" id="roi" className="scroll-mt-20 bg-gradient-to-b from-genie-50 to-white pb-4 pt-20 sm:pt-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="roi-title" eyebrow={t('roi.eyebrow')} title={t('roi.title')}>
          {t('roi.lead')}
        </SectionHeading>
        <dl className="mt-14 grid gap-6 md:grid-cols-3">
          {FIGURES.map((figure) => (
            <div key={figure} className="flex flex-col rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-genie-100 md:p-6 lg:p-8">
              <dt className="order-2 mt-1 text-sm font-semibold uppercase tracking-wide text-slate-500">{t(`roi.${figure}Label`)}</dt>
              <dd className="order-1 whitespace-nowrap text-4xl font-bold tracking-tight text-genie-700 lg:text-5xl">{t(`roi.${figure}Value`)}</dd>
              <dd className="order-3 mt-3 text-sm leading-6 text-slate-600">{t(`roi.${figure}Detail`)}</dd>
            </div>
          ))}
        </dl>
        <p className="mx-auto mt-8 max-w-2xl text-center text-sm text-slate-600">{t('roi.example')}</p>
      </div>
    </section>
  );
}
