import { ChartColumn, Compass, Headset, Mail, Scale, Workflow } from 'lucide-react';
import { SectionHeading } from './section-heading';

/** SPEC §2: the six use cases, in SPEC's order (the demo form's dropdown lists the same six). */
const USE_CASE_CARDS = [
  { icon: Mail, title: 'Content and comms', text: 'Draft emails, posts, proposals and replies in your own voice, from a template or a blank page.' },
  { icon: Workflow, title: 'Workflow automation', text: 'Turn the writing and checking your team repeats every week into templates everyone reuses.' },
  { icon: Headset, title: 'Private support', text: 'Answer customer and staff questions from your own documents, with a support bot that stays in-house.' },
  { icon: ChartColumn, title: 'Data analysis', text: 'Attach PDFs and Word documents and ask for the figures, trends and outliers that matter.' },
  { icon: Scale, title: 'HR and compliance', text: 'Draft policies and review contract language, with a Legal mode for careful wording.' },
  { icon: Compass, title: 'Research and planning', text: 'Summarise long reports, compare options and turn the result into a project plan.' },
];

export function UseCasesSection() {
  return (
    <section aria-labelledby="use-cases-title" id="use-cases" className="scroll-mt-20 bg-white py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="use-cases-title" eyebrow="Use cases" title="Six jobs Genie takes off your plate">
          Start from a template or just ask. Every answer is built from what you give it.
        </SectionHeading>
        <ul className="mt-14 grid gap-px overflow-hidden rounded-2xl border border-slate-200 bg-slate-200 sm:grid-cols-2 lg:grid-cols-3">
          {USE_CASE_CARDS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="bg-white p-7 transition-colors hover:bg-genie-50/50">
              <span className="grid h-10 w-10 place-items-center rounded-lg bg-gradient-to-br from-genie-500 to-indigo-600 text-white shadow-sm">
                <Icon className="h-5 w-5" aria-hidden="true" />
              </span>
              <h3 className="mt-4 text-base font-semibold">{title}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
