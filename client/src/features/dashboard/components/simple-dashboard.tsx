import { useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { BUILT_IN_TEMPLATES } from '@contract/prompt-templates';
import { useCannedChat } from '../hooks/use-canned-chat';
import { CannedChat } from './canned-chat';
import { StatsGrid } from './stats-grid';
import { useDashboardTexts } from '../texts';
import { TemplatesAndActions, type AiTemplate } from './templates-and-actions';

/** SPEC §2 "Simple alternate dashboard": static figures, templates, quick actions, a local chat. */
export function SimpleDashboard() {
  const chat = useCannedChat();
  const [draft, setDraft] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const [, navigate] = useLocation();
  const { t } = useDashboardTexts();

  /** Issue 42: a template opens /chat with its prompt in the message box (its blanks asked for there); /app itself calls no server. */
  function startFromTemplate(template: AiTemplate) {
    const known = BUILT_IN_TEMPLATES.find((built) => built.name === template.name);
    if (known) navigate(`/chat?template=${known.slug}`);
    else {
      setDraft(t('templateDraft', { template: t(`templates.names.${template.key}`) }));
      inputRef.current?.focus();
    }
  }

  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-8 sm:px-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('title')}</h1>
        <p className="mt-1 text-slate-600">{t('subtitle')}</p>
      </div>
      <StatsGrid />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.6fr)]">
        <TemplatesAndActions onTemplate={startFromTemplate} />
        <CannedChat messages={chat.messages} replying={chat.replying} draft={draft} onDraftChange={setDraft} onSend={chat.send} inputRef={inputRef} />
      </div>
    </div>
  );
}
