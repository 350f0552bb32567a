import { ChevronDown } from 'lucide-react';
import { SectionHeading } from './section-heading';

const QUESTIONS = [
  {
    q: 'Where do my documents and conversations live?',
    a: 'On the machine you run Genie on: in its built-in database and file store, or in your own PostgreSQL database and S3-compatible storage when you outgrow one machine. There is no Genie cloud copy.',
  },
  {
    q: 'Which AI models does Genie use?',
    a: 'The ones you connect: OpenAI-compatible, Anthropic or xAI models, or a local model server such as Ollama, vLLM or LM Studio. With a local model, nothing leaves your network at all.',
  },
  {
    q: 'Does it work without an AI model?',
    a: 'Yes, with limits. Offline, Genie answers dictionary look-ups, summarises the documents you attach and lists their facts, and tells you plainly that no model is connected for anything else.',
  },
  {
    q: 'Can my teammates see my files?',
    a: 'Only what you share. Each person signs in to their own account, and their conversations and private files are visible only to them; files in the team library, team projects and conversations you share are visible to your team.',
  },
  {
    q: 'Which plan do I need?',
    a: 'Starter suits up to 3 people, Pro up to 10 with all templates, custom templates and priority support. Enterprise adds SSO, data residency, a BAA, a DPA, audits and dedicated onboarding.',
  },
  {
    q: 'Can I see it before I buy?',
    a: 'Yes. Request a demo below with your use case, and we will reach out to walk you through it.',
  },
];

export function FaqSection() {
  return (
    <section aria-labelledby="faq-title" id="faq" className="scroll-mt-20 bg-white py-20 sm:py-24">
      <div className="mx-auto max-w-3xl px-4 sm:px-6">
        <SectionHeading id="faq-title" eyebrow="FAQ" title="Questions, answered" />
        <div className="mt-12 divide-y divide-slate-200 rounded-2xl border border-slate-200">
          {QUESTIONS.map(({ q, a }) => (
            <details key={q} className="group px-6 py-1 [&_summary::-webkit-details-marker]:hidden">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-lg py-4 text-left font-semibold text-slate-900">
                {q}
                <ChevronDown className="h-5 w-5 shrink-0 text-slate-400 transition-transform group-open:rotate-180" aria-hidden="true" />
              </summary>
              <p className="pb-5 text-sm leading-6 text-slate-600">{a}</p>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}
