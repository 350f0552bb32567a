import {
  BookOpen,
  Compass,
  Crown,
  FolderOpen,
  MessageCircle,
  PanelLeftClose,
  PanelLeftOpen,
  Plus,
  Repeat,
  Scale,
  Upload,
  User,
  Users,
  Volume2,
  VolumeX,
} from 'lucide-react';
import { memo, useRef, type ReactNode } from 'react';
import { CHAT_MODES, type ChatMode } from '@contract/chat';
import { COMPANION_WORD, type Persona } from '@contract/personas';
import { useEscapeClosesDrawer } from '../hooks/use-escape-closes-drawer';
import { useTeamPolicy } from '@/lib/team-policy';
import { cn } from '@/lib/utils';
import { ConversationList } from './conversation-list';
import { ProjectList } from './project-list';
import { PersonaBadge } from './message-bubble';
import { SidebarHeading, SidebarItem, SidebarTile } from './sidebar-item';
import { pageLanguage, useChatTexts } from '../texts';

/** The plan's name on the badge: a product name, the same in every language. */
const PRO_BADGE = 'PRO';

export interface ChatSidebarProps {
  collapsed: boolean;
  onToggle(): void;
  persona: Persona;
  mode: ChatMode;
  onModeChange(mode: ChatMode): void;
  isPremium: boolean;
  /** Upgrade is not offered to a team on Pro or Enterprise (issue 42). */
  offerUpgrade: boolean;
  /** Legal mode is open to everyone now (a live "Legal Mode Open Week"): no PRO badge on it. */
  legalModeOpen?: boolean;
  onBrowseFiles(): void;
  onUploadFiles(files: File[]): void;
  onChangePersona(): void;
  onOpenTour(): void;
  voiceEnabled: boolean;
  voiceSupported: boolean;
  onToggleVoice(): void;
  conversationId: string | null;
  onOpenConversation(id: string): void;
  onNewChat(): void;
  /** Issue 42: the project of the chat on screen, a new chat inside a project, a teammate's shared conversation. */
  projectId: string | null;
  onNewChatIn(projectId: string): void;
  onOpenShared(id: string): void;
  /** The page's Sign out control; `compact` when the sidebar is a rail of icons. */
  renderSignOut(compact: boolean): ReactNode;
}

const ProBadge = ({ compact }: { compact: boolean }) => (
  <span
    className={cn(
      'badge-gold rounded-full font-bold shadow',
      compact ? 'px-1 text-[8px] leading-3' : 'px-2 py-0.5 text-[10px] tracking-wider',
    )}
  >
    {PRO_BADGE}
  </span>
);

/** SPEC §2 sidebar: 16 units collapsed, 80 expanded; modes, files, conversations and the account section. */
export const ChatSidebar = memo(function ChatSidebar(props: ChatSidebarProps) {
  const { collapsed, persona, mode, isPremium } = props;
  const uploadRef = useRef<HTMLInputElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  useEscapeClosesDrawer(!collapsed, props.onToggle, toggleRef);
  const { t } = useChatTexts();
  const tourLabel = t('sidebar.meetTheCompanions', { companion: COMPANION_WORD });
  // The team's policy (issue 43): modes it turns off are not offered, and the list says why.
  const policy = useTeamPolicy().data;
  const allows = (m: ChatMode) => !policy || policy.modes.includes(m);
  const hiddenModes = CHAT_MODES.filter((m) => !allows(m));

  return (
    <aside
      aria-label={t('sidebar.label')}
      data-collapsed={collapsed}
      className={cn(
        'fixed-palette flex h-full shrink-0 flex-col bg-gradient-to-b from-slate-950 via-genie-950 to-slate-950 text-white transition-[width] duration-300',
        collapsed ? 'w-16' : 'w-80 max-lg:fixed max-lg:inset-y-0 max-lg:left-0 max-lg:z-30 max-lg:shadow-2xl',
      )}
    >
      <div className={cn('flex items-center gap-2 border-b border-white/10 py-3', collapsed ? 'justify-center px-2' : 'px-4')}>
        {!collapsed && (
          <p className="flex flex-1 items-center gap-2 text-lg font-black tracking-tight">
            <span aria-hidden="true">🧞</span>
            {COMPANION_WORD}
          </p>
        )}
        <button
          ref={toggleRef}
          type="button"
          onClick={props.onToggle}
          aria-label={collapsed ? t('sidebar.expand') : t('sidebar.collapse')}
          aria-expanded={!collapsed}
          className="flex h-9 w-9 items-center justify-center rounded-lg text-white/70 hover:bg-white/10 hover:text-white"
        >
          {collapsed ? <PanelLeftOpen aria-hidden="true" className="h-5 w-5" /> : <PanelLeftClose aria-hidden="true" className="h-5 w-5" />}
        </button>
      </div>

      <div className={cn('flex min-h-0 flex-1 flex-col gap-0.5 overflow-y-auto py-2', collapsed ? 'px-3' : 'px-3')}>
        {!collapsed && (
          // On a phone the chat's header already names the persona: the room goes to the conversations.
          <div className="mb-1 flex items-center gap-3 rounded-2xl bg-white/[0.06] p-3 ring-1 ring-white/10 max-sm:hidden">
            <PersonaBadge persona={persona} className="h-11 w-11 text-2xl" />
            <div className="min-w-0 flex-1">
              <p className="truncate font-semibold">{persona.name}</p>
              <p className="truncate text-xs text-white/60">{persona.title}</p>
            </div>
          </div>
        )}

        <SidebarHeading collapsed={collapsed}>{t('sidebar.mode')}</SidebarHeading>
        {allows('chat') && (
          <SidebarItem icon={MessageCircle} label={t('sidebar.chatWith', { name: persona.name })} collapsed={collapsed} active={mode === 'chat'} onClick={() => props.onModeChange('chat')} />
        )}
        {allows('dictionary') && (
          <SidebarItem icon={BookOpen} label={t('modes.dictionary')} collapsed={collapsed} active={mode === 'dictionary'} onClick={() => props.onModeChange('dictionary')} />
        )}
        {allows('law') && (
          <SidebarItem
            icon={Scale}
            label={t('modes.law')}
            collapsed={collapsed}
            active={mode === 'law'}
            onClick={() => props.onModeChange('law')}
            suffix={isPremium || props.legalModeOpen ? undefined : <ProBadge compact={collapsed} />}
          />
        )}
        {!collapsed && hiddenModes.length > 0 && (
          <p className="px-3 pb-1 text-xs text-white/50" data-testid="modes-off-by-policy">
            {t('sidebar.modesOff', {
              count: hiddenModes.length,
              modes: new Intl.ListFormat(pageLanguage(), { type: 'conjunction' }).format(hiddenModes.map((m) => t(`modes.${m}`))),
            })}
          </p>
        )}

        <SidebarHeading collapsed={collapsed}>{t('sidebar.files')}</SidebarHeading>
        <SidebarItem icon={FolderOpen} label={t('sidebar.browseFiles')} collapsed={collapsed} onClick={props.onBrowseFiles} />
        <SidebarItem icon={Upload} label={t('sidebar.uploadFiles')} collapsed={collapsed} onClick={() => uploadRef.current?.click()} />
        <input
          ref={uploadRef}
          type="file"
          multiple
          hidden
          data-testid="sidebar-upload-input"
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            event.target.value = '';
            if (files.length > 0) props.onUploadFiles(files);
          }}
        />

        {collapsed ? (
          <>
            <SidebarHeading collapsed>{t('sidebar.history')}</SidebarHeading>
            <SidebarItem icon={Plus} label={t('conversations.newChat')} collapsed onClick={props.onNewChat} />
          </>
        ) : (
          // Never less than about five conversations: in a short window the sidebar scrolls instead.
          <>
          <ProjectList
            activeProjectId={props.projectId}
            activeConversationId={props.conversationId}
            onNewChatIn={props.onNewChatIn}
            onOpen={props.onOpenConversation}
            onOpenShared={props.onOpenShared}
          />
          <div className="mt-3 flex min-h-72 flex-1 flex-col">
            {policy?.retentionDays != null && (
              <p className="px-3 pb-1 text-xs text-white/60" data-testid="retention-notice">
                {t('sidebar.retention', { count: policy.retentionDays })}
              </p>
            )}
            <ConversationList
              activeId={props.conversationId}
              onOpen={props.onOpenConversation}
              onNewChat={props.onNewChat}
              onDeletedActive={props.onNewChat}
            />
          </div>
          </>
        )}
      </div>

      {collapsed ? (
        <div className="flex flex-col gap-0.5 border-t border-white/10 px-3 py-2">
          {props.voiceSupported && (
            <SidebarItem
              icon={props.voiceEnabled ? Volume2 : VolumeX}
              label={props.voiceEnabled ? t('sidebar.voiceOn') : t('sidebar.voiceOff')}
              collapsed
              active={props.voiceEnabled}
              onClick={props.onToggleVoice}
            />
          )}
          <SidebarItem icon={Repeat} label={t('sidebar.changePersona')} collapsed onClick={props.onChangePersona} />
          <SidebarItem icon={Compass} label={tourLabel} collapsed onClick={props.onOpenTour} />
          <div className="flex justify-center pt-1">{props.renderSignOut(true)}</div>
        </div>
      ) : (
        <section aria-labelledby="account-heading" className="border-t border-white/10 px-3 pb-2 pt-1">
          <h2 id="account-heading" className="px-3 pb-0.5 pt-1.5 text-[11px] font-semibold uppercase tracking-[0.16em] text-white/50">
            {t('sidebar.account')}
          </h2>
          <div className="grid grid-cols-3 gap-0.5">
            <SidebarTile icon={Repeat} label={t('sidebar.changePersona')} onClick={props.onChangePersona} />
            <SidebarTile icon={Compass} label={tourLabel} onClick={props.onOpenTour} />
            <SidebarTile icon={User} label={t('sidebar.profile')} href="/profile" />
            <SidebarTile icon={Users} label={t('sidebar.team')} href="/team" />
            <SidebarTile icon={FolderOpen} label={t('sidebar.fileManager')} href="/files" />
            {props.offerUpgrade && <SidebarTile icon={Crown} label={t('sidebar.upgrade')} href="/premium" />}
          </div>
          <div className="mt-1 flex items-center gap-1">
            {props.voiceSupported && (
              <div className="flex-1">
                <SidebarItem
                  icon={props.voiceEnabled ? Volume2 : VolumeX}
                  label={props.voiceEnabled ? t('sidebar.voiceOn') : t('sidebar.voiceOff')}
                  collapsed={false}
                  active={props.voiceEnabled}
                  onClick={props.onToggleVoice}
                />
              </div>
            )}
            <div className="flex-1">{props.renderSignOut(false)}</div>
          </div>
        </section>
      )}
    </aside>
  );
});
