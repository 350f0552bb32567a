import { Briefcase, FileLock2, Store } from 'lucide-react';
import { SectionHeading } from './section-heading';

const AUDIENCES = [
  {
    icon: Store,
    title: 'Small businesses',
    text: 'Get the writing, summarising and answering done without hiring, and without handing customer data to a third party.',
  },
  {
    icon: Briefcase,
    title: 'Agencies',
    text: 'Keep every client’s briefs and drafts apart, and produce proposals, posts and reports in their voice.',
  },
  {
    icon: FileLock2,
    title: 'Teams with sensitive documents',
    text: 'Legal, healthcare, finance and HR teams work with contracts, records and policies that must stay in-house.',
  },
];

export function AudienceSection() {
  return (
    <section aria-labelledby="audience-title" id="who" className="scroll-mt-20 bg-slate-50 py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="audience-title" eyebrow="Who it is for" title="Built for people who cannot leak a document" />
        <ul className="mt-14 grid gap-6 md:grid-cols-3">
          {AUDIENCES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-2xl bg-white p-7 shadow-sm ring-1 ring-slate-200">
              <Icon className="h-7 w-7 text-genie-600" aria-hidden="true" />
              <h3 className="mt-4 text-lg font-semibold">{title}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
