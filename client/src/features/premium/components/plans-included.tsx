import { HardDrive, Plug, UserCheck } from 'lucide-react';

const INCLUDED = [
  { icon: HardDrive, title: 'Runs on your machine', text: 'Your documents and conversations stay in your own database and file store.' },
  { icon: Plug, title: 'The AI you choose', text: 'Cloud providers or a local model server: your data goes only where you send it.' },
  // Not "visible only to them": the team library, team projects and shared chats are the team's (issue 42).
  {
    icon: UserCheck,
    title: 'Private until shared',
    text: 'Every teammate’s chats and private files are visible only to them; the team library, team projects and the chats they share are the team’s.',
  },
];

export function PlansIncluded() {
  return (
    <section aria-labelledby="included-title" className="mx-auto max-w-6xl px-4 pb-16 sm:px-6">
      <h2 id="included-title" className="text-center text-lg font-semibold text-slate-900">
        Every plan includes
      </h2>
      <ul className="mt-6 grid gap-4 md:grid-cols-3">
        {INCLUDED.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-4 rounded-2xl bg-white p-5 ring-1 ring-slate-200">
            <Icon className="mt-0.5 h-6 w-6 shrink-0 text-genie-600" aria-hidden="true" />
            <div>
              <h3 className="font-semibold text-slate-900">{title}</h3>
              <p className="mt-1 text-sm text-slate-600">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
