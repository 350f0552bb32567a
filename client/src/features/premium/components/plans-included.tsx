import { HardDrive, Plug, UserCheck } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/i18n';

// included.<key>Title and <key>Text. "private" is not "visible only to them": the team library,
// team projects and shared chats are the team's (issue 42).
const INCLUDED = [
  { icon: HardDrive, key: 'machine' },
  { icon: Plug, key: 'ai' },
  { icon: UserCheck, key: 'private' },
];

export function PlansIncluded() {
  const { t } = useTranslation('premium');
  return (
    <section aria-labelledby="included-title" className="mx-auto max-w-6xl px-4 pb-16 sm:px-6">
      <h2 id="included-title" className="text-center text-lg font-semibold text-slate-900">
        {t('included.title')}
      </h2>
      <ul className="mt-6 grid gap-4 md:grid-cols-3">
        {INCLUDED.map(({ icon: Icon, key }) => (
          <li key={key} className="flex gap-4 rounded-2xl bg-white p-5 ring-1 ring-slate-200">
            <Icon className="mt-0.5 h-6 w-6 shrink-0 text-genie-600" aria-hidden="true" />
            <div>
              <h3 className="font-semibold text-slate-900">{t(`included.${key}Title`)}</h3>
              <p className="mt-1 text-sm text-slate-600">{t(`included.${key}Text`)}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
