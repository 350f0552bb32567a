import { BrainCircuit, FilePlus2, Upload } from 'lucide-react';
import { Link } from 'wouter';

/** SPEC §2: the AI templates of the dropdown, in SPEC's order. */
export const AI_TEMPLATES = ['Professional Email', 'Blog Post', 'Contract Draft', 'Business Report', 'HR Policy', 'Project Proposal'] as const;

const QUICK_ACTIONS = [
  { icon: FilePlus2, label: 'New Document', href: '/chat', hint: 'Write it with Genie' },
  { icon: Upload, label: 'Upload File', href: '/files', hint: 'Add to your library' },
  { icon: BrainCircuit, label: 'AI Analysis', href: '/chat', hint: 'Ask about a document' },
];

/** The templates dropdown (choosing one opens /chat with that template's prompt, issue 42) and the quick actions. */
export function TemplatesAndActions({ onTemplate }: { onTemplate: (template: string) => void }) {
  return (
    <div className="grid gap-6">
      <section aria-labelledby="templates-title" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <h2 id="templates-title" className="text-base font-semibold text-slate-900">
          AI templates
        </h2>
        <p className="mt-1 text-sm text-slate-500">Pick a template to start a request in the assistant.</p>
        <label htmlFor="ai-template" className="sr-only">
          AI template
        </label>
        <select
          id="ai-template"
          value=""
          onChange={(event) => event.target.value && onTemplate(event.target.value)}
          className="mt-4 h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm focus-visible:border-genie-500"
        >
          <option value="" disabled>
            Choose a template…
          </option>
          {AI_TEMPLATES.map((template) => (
            <option key={template} value={template}>
              {template}
            </option>
          ))}
        </select>
      </section>
      <section aria-labelledby="actions-title" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <h2 id="actions-title" className="text-base font-semibold text-slate-900">
          Quick actions
        </h2>
        <ul className="mt-4 grid gap-2">
          {QUICK_ACTIONS.map(({ icon: Icon, label, href, hint }) => (
            <li key={label}>
              <Link href={href} className="flex items-center gap-3 rounded-xl border border-slate-200 px-3 py-3 transition-colors hover:border-genie-300 hover:bg-genie-50">
                <span className="grid h-9 w-9 place-items-center rounded-lg bg-genie-100 text-genie-700">
                  <Icon className="h-4 w-4" aria-hidden="true" />
                </span>
                <span className="flex flex-col">
                  <span className="text-sm font-semibold text-slate-900">{label}</span>
                  <span className="text-xs text-slate-500">{hint}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
