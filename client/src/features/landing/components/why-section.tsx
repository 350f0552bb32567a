import { BookOpen, HardDrive, Plug, UserCheck } from 'lucide-react';
import { SectionHeading } from './section-heading';

const REASONS = [
  {
    icon: HardDrive,
    title: 'Runs on your own machine',
    text: 'One command starts Genie with its own built-in database and file store. There is no Genie cloud between you and your documents.',
  },
  {
    icon: Plug,
    title: 'The AI you choose',
    text: 'Connect an OpenAI-compatible, Anthropic or xAI model, or a local model server such as Ollama, vLLM or LM Studio. Your data goes nowhere else.',
  },
  {
    icon: BookOpen,
    title: 'Useful even offline',
    text: 'With no model connected, Genie still looks words up in its built-in dictionary and summarises your documents, and says plainly that no model is connected.',
  },
  {
    icon: UserCheck,
    title: 'Everyone’s data is their own',
    text: 'Each teammate has an account; their conversations and private files are visible only to them, and what they put in the team library or share with the team is the team’s.',
  },
];

export function WhySection() {
  return (
    <section aria-labelledby="why-title" id="why" className="scroll-mt-20 bg-white py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="why-title" eyebrow="Why Genie" title="An assistant that keeps your secrets">
          Most AI tools send everything you type to someone else&apos;s cloud. Genie is software you run yourself, so you decide where your
          documents live and which model, if any, ever sees them.
        </SectionHeading>
        <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {REASONS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-2xl border border-slate-200 bg-slate-50/60 p-6 transition-shadow hover:shadow-md">
              <span className="grid h-11 w-11 place-items-center rounded-xl bg-genie-100 text-genie-700">
                <Icon className="h-5 w-5" aria-hidden="true" />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
