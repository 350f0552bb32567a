import { CalendarCheck, MessageSquareText, ShieldCheck } from 'lucide-react';
import { DemoRequestForm } from './demo-request-form';
import { SectionHeading } from './section-heading';

const PROMISES = [
  { icon: MessageSquareText, text: 'A walk-through built around the use case you pick.' },
  { icon: ShieldCheck, text: 'Your questions on hosting, models and compliance answered.' },
  { icon: CalendarCheck, text: 'We reply by email to find a time that suits you.' },
];

export function DemoRequestSection() {
  return (
    <section aria-labelledby="contact-title" id="contact" className="scroll-mt-20 bg-slate-50 py-20 sm:py-24">
      <div className="mx-auto grid max-w-6xl items-start gap-12 px-4 sm:px-6 lg:grid-cols-2">
        <div>
          <SectionHeading id="contact-title" eyebrow="Contact" title="Request a demo" align="start">
            See Genie on your own kind of work. Tell us who you are and what you would use it for.
          </SectionHeading>
          <ul className="mt-8 space-y-4">
            {PROMISES.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-start gap-3 text-slate-700">
                <Icon className="mt-0.5 h-5 w-5 shrink-0 text-genie-600" aria-hidden="true" />
                {text}
              </li>
            ))}
          </ul>
        </div>
        <DemoRequestForm />
      </div>
    </section>
  );
}
