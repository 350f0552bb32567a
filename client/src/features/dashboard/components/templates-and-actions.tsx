import { BrainCircuit, FilePlus2, Upload } from 'lucide-react';
import { Link } from 'wouter';
import { useDashboardTexts } from '../texts';

/**
 * SPEC §2: the AI templates of the dropdown, in SPEC's order. `name` is SPEC's English, which finds
 * the built-in template; `key` names its words in the page's language (dashboard:templates.names).
 */
export const AI_TEMPLATES = [
  { key: 'email', name: 'Professional Email' },
  { key: 'blogPost', name: 'Blog Post' },
  { key: 'contract', name: 'Contract Draft' },
  { key: 'report', name: 'Business Report' },
  { key: 'hrPolicy', name: 'HR Policy' },
  { key: 'proposal', name: 'Project Proposal' },
] as const;
export type AiTemplate = (typeof AI_TEMPLATES)[number];

const QUICK_ACTIONS = [
  { icon: FilePlus2, label: 'newDocument', href: '/chat' },
  { icon: Upload, label: 'upload', href: '/files' },
  { icon: BrainCircuit, label: 'analysis', href: '/chat' },
] as const;

/** The templates dropdown (choosing one opens /chat with that template's prompt, issue 42) and the quick actions. */
export function TemplatesAndActions({ onTemplate }: { onTemplate: (template: AiTemplate) => void }) {
  const { t } = useDashboardTexts();
  return (
    <div className="grid gap-6">
      <section aria-labelledby="templates-title" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <h2 id="templates-title" className="text-base font-semibold text-slate-900">
          {t('templates.title')}
        </h2>
        <p className="mt-1 text-sm text-slate-500">{t('templates.description')}</p>
        <label htmlFor="ai-template" className="sr-only">
          {t('templates.label')}
        </label>
        <select
          id="ai-template"
          value=""
          onChange={(event) => {
            const chosen = AI_TEMPLATES.find((template) => template.key === event.target.value);
            if (chosen) onTemplate(chosen);
          }}
          className="mt-4 h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm focus-visible:border-genie-500"
        >
          <option value="" disabled>
            {t('templates.choose')}
          </option>
          {AI_TEMPLATES.map((template) => (
            <option key={template.key} value={template.key}>
              {t(`templates.names.${template.key}`)}
            </option>
          ))}
        </select>
      </section>
      <section aria-labelledby="actions-title" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <h2 id="actions-title" className="text-base font-semibold text-slate-900">
          {t('actions.title')}
        </h2>
        <ul className="mt-4 grid gap-2">
          {QUICK_ACTIONS.map(({ icon: Icon, label, href }) => (
            <li key={label}>
              <Link href={href} className="flex items-center gap-3 rounded-xl border border-slate-200 px-3 py-3 transition-colors hover:border-genie-300 hover:bg-genie-50">
                <span className="grid h-9 w-9 place-items-center rounded-lg bg-genie-100 text-genie-700">
                  <Icon className="h-4 w-4" aria-hidden="true" />
                </span>
                <span className="flex flex-col">
                  <span className="text-sm font-semibold text-slate-900">{t(`actions.${label}`)}</span>
                  <span className="text-xs text-slate-500">{t(`actions.${label}Hint`)}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
