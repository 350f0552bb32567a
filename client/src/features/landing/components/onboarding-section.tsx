import { SectionHeading } from './section-heading';

const STEPS = [
  { title: 'Install it', text: 'Run Genie on a computer or server you own. Its database and file store come built in: nothing else to set up.' },
  { title: 'Connect a model', text: 'Add the AI provider or local model server you trust, or start offline and connect one later.' },
  { title: 'Invite your team', text: 'Each person gets their own account. Their conversations and files stay theirs.' },
  { title: 'Put it to work', text: 'Upload your documents, pick a genie and start from a template or a question.' },
];

export function OnboardingSection() {
  return (
    <section aria-labelledby="onboarding-title" id="onboarding" className="scroll-mt-20 bg-slate-50 py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="onboarding-title" eyebrow="Getting started" title="Up and running in four steps" />
        <ol className="mt-14 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          {STEPS.map((step, index) => (
            <li key={step.title} className="relative rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
              <span aria-hidden="true" className="text-5xl font-black text-genie-700">
                {index + 1}
              </span>
              <h3 className="mt-2 text-lg font-semibold">
                <span className="sr-only">Step {index + 1}: </span>
                {step.title}
              </h3>
              <p className="mt-2 text-sm leading-6 text-slate-600">{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
