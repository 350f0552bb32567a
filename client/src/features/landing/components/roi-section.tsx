import { SectionHeading } from './section-heading';

const FIGURES = [
  { value: '60–80%', label: 'less routine work', detail: 'Drafting, summarising and first replies done by Genie, checked by you.' },
  { value: '32 hours', label: 'back every month', detail: 'For one teammate who spends about 45 hours a month on routine writing.' },
  { value: '≈ $1,000', label: 'saved every month', detail: 'Those 32 hours at about $31 an hour: many times the price of a plan.' },
];

export function RoiSection() {
  return (
    <section aria-labelledby="roi-title" id="roi" className="scroll-mt-20 bg-gradient-to-b from-genie-50 to-white pb-4 pt-20 sm:pt-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="roi-title" eyebrow="Return on investment" title="What the hours are worth">
          An estimate for one person, when Genie cuts routine work 60–80%.
        </SectionHeading>
        <dl className="mt-14 grid gap-6 md:grid-cols-3">
          {FIGURES.map((figure) => (
            <div key={figure.label} className="flex flex-col rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-genie-100 md:p-6 lg:p-8">
              <dt className="order-2 mt-1 text-sm font-semibold uppercase tracking-wide text-slate-500">{figure.label}</dt>
              <dd className="order-1 whitespace-nowrap text-4xl font-bold tracking-tight text-genie-700 lg:text-5xl">{figure.value}</dd>
              <dd className="order-3 mt-3 text-sm leading-6 text-slate-600">{figure.detail}</dd>
            </div>
          ))}
        </dl>
        <p className="mx-auto mt-8 max-w-2xl text-center text-sm text-slate-600">
          Example: 32 hours a month saved is about $1,000. Your own figures depend on your team&apos;s work and rates.
        </p>
      </div>
    </section>
  );
}
