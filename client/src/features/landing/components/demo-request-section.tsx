import { CalendarCheck, MessageSquareText, ShieldCheck } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/i18n';
import { DemoRequestForm } from './demo-request-form';
import { SectionHeading } from './section-heading';

/** landing.json's demo.<key>. */
const PROMISES = [
  { icon: MessageSquareText, key: 'promiseWalkThrough' },
  { icon: ShieldCheck, key: 'promiseQuestions' },
  { icon: CalendarCheck, key: 'promiseReply' },
];

export function DemoRequestSection() {
  const { t } = useTranslation('landing');
  return (
    <section aria-labelledby="contact-title" id="contact" className="scroll-mt-20 bg-slate-50 py-20 sm:py-24">
      <div className="mx-auto grid max-w-6xl items-start gap-12 px-4 sm:px-6 lg:grid-cols-2">
        <div>
          <SectionHeading id="contact-title" eyebrow={t('nav.contact')} title={t('hero.requestDemo')} align="start">
            {t('demo.lead')}
          </SectionHeading>
          <ul className="mt-8 space-y-4">
            {PROMISES.map(({ icon: Icon, key }) => (
              <li key={key} className="flex items-start gap-3 text-slate-700">
                <Icon className="mt-0.5 h-5 w-5 shrink-0 text-genie-600" aria-hidden="true" />
                {t(`demo.${key}`)}
              </li>
            ))}
          </ul>
        </div>
        <DemoRequestForm />
      </div>
    </section>
  );
}
