import { AlertCircle, Users } from 'lucide-react';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n/i18n';
import { Link } from 'wouter';
import type { Language } from '@contract/languages';
import { formatDate } from '@/lib/i18n/format';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { cn } from '@/lib/utils';
import { useMetrics } from '../api/get-metrics';
import { useProfile } from '../api/get-profile';
import { ActivityTab } from './activity-tab';
import { OverviewTab } from './overview-tab';
import { UsageCard } from './usage-card';
import { ProfileHeader } from './profile-header';
import { LanguageCard } from './language-card';
import { SettingsTab } from './settings-tab';
import { StorageTab } from './storage-tab';
import { YourDataCard, type EraseConfirmation } from './your-data-card';
import { SkipLink } from '@/components/ui/skip-link';

const TABS = [
  ['overview', 'tabs.overview'],
  ['activity', 'tabs.activity'],
  ['storage', 'tabs.storage'],
  ['settings', 'tabs.settings'],
] as const;

/** A tab another feature provides, composed in app/routes/profile.tsx (features never import each other). */
export interface ExtraProfileTab {
  value: string;
  label: string;
  content: ReactNode;
}

function initialTab(values: string[]): string {
  const asked = new URLSearchParams(window.location.search).get('tab');
  return asked && values.includes(asked) ? asked : 'overview';
}

function Shell({ isPremium, children }: { isPremium?: boolean; children: ReactNode }) {
  return (
    <div className="min-h-screen bg-gradient-to-b from-genie-50 via-slate-50 to-slate-50">
      <SkipLink />
      <ProfileHeader isPremium={isPremium} />
      <main id="main" tabIndex={-1} className="mx-auto max-w-5xl px-4 pb-16 pt-6 outline-none sm:px-6 sm:pt-10">{children}</main>
    </div>
  );
}

/** The /profile page of SPEC §2: who you are, what you did, what you store, and your settings. */
export function ProfileScreen({
  extraTabs = [],
  eraseConfirmation = { kind: 'password' },
  banner,
}: {
  extraTabs?: ExtraProfileTab[];
  eraseConfirmation?: EraseConfirmation;
  /** A note above the tabs from another feature (the unverified-email banner, app/routes/profile.tsx). */
  banner?: ReactNode;
}) {
  const { t, i18n } = useTranslation('profile');
  const profile = useProfile();
  const metrics = useMetrics();

  if (profile.isPending || metrics.isPending) {
    return (
      <Shell>
        <div className="flex flex-col items-center justify-center gap-3 py-24 text-slate-600" role="status">
          <Spinner className="h-8 w-8" />
          <p>{t('loading')}</p>
        </div>
      </Shell>
    );
  }

  if (profile.isError || metrics.isError) {
    return (
      <Shell>
        <div className="mx-auto flex max-w-md flex-col items-center gap-3 py-24 text-center" role="alert">
          <AlertCircle aria-hidden="true" className="h-8 w-8 text-red-500" />
          <p className="font-medium text-slate-900">{t('loadFailed')}</p>
          <p className="text-sm text-slate-500">{(profile.error ?? metrics.error)?.message}</p>
          <Button
            variant="outline"
            onClick={() => {
              void profile.refetch();
              void metrics.refetch();
            }}
          >
            {t('tryAgain')}
          </Button>
        </div>
      </Shell>
    );
  }

  const user = profile.data;
  // Five tabs side by side on a phone fit only in smaller type.
  const crowded = TABS.length + extraTabs.length > 4;
  return (
    <Shell isPremium={user.subscription.isPremium}>
      <section className="mb-6 flex items-center gap-4 sm:mb-8">
        <div
          aria-hidden="true"
          className="flex h-14 w-14 shrink-0 items-center justify-center rounded-2xl bg-gradient-to-br from-genie-500 to-indigo-600 text-2xl font-bold text-white shadow-md sm:h-16 sm:w-16"
        >
          {user.username.charAt(0).toUpperCase()}
        </div>
        <div className="min-w-0">
          <h1 className="break-all text-xl font-bold leading-tight text-slate-900 sm:text-3xl">{user.username}</h1>
          <p className="text-sm text-slate-600">
            <span className="block truncate sm:inline">{user.email}</span>
            <span className="hidden sm:inline"> · </span>
            <span className="block sm:inline">{t('memberSince', { date: formatDate(i18n.language as Language, user.createdAt, { dateStyle: 'long' }) })}</span>
          </p>
          <Link href="/team" className="mt-1 inline-flex items-center gap-1 text-sm font-medium text-genie-700 hover:underline">
            <Users aria-hidden="true" className="h-4 w-4" />
            {t('yourTeam')}
          </Link>
        </div>
      </section>
      {banner}
      {/* ?tab= opens a tab directly (the erase confirmation comes back from the provider to Settings). */}
      <Tabs defaultValue={initialTab([...TABS.map(([value]) => value), ...extraTabs.map((tab) => tab.value)])}>
        {/* One row from 375 px; below it (WCAG 1.4.10's 320 px) six tabs ran into each other, so they take rows of three (issue 44). */}
        <TabsList className="grid w-full grid-cols-3 min-[375px]:grid-cols-[repeat(var(--tab-count),minmax(0,1fr))] sm:inline-flex sm:w-auto" style={{ '--tab-count': TABS.length + extraTabs.length } as CSSProperties}>
          {[...TABS.map(([value, key]) => [value, t(key)] as const), ...extraTabs.map((tab) => [tab.value, tab.label] as const)].map(([value, label]) => (
            <TabsTrigger key={value} value={value} className={cn('px-2 sm:px-4', crowded && 'px-1 text-xs sm:text-sm')}>
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="overview">
          <OverviewTab profile={user} metrics={metrics.data} />
          <UsageCard />
        </TabsContent>
        <TabsContent value="activity">
          <ActivityTab metrics={metrics.data} />
        </TabsContent>
        <TabsContent value="storage">
          <StorageTab metrics={metrics.data} />
        </TabsContent>
        <TabsContent value="settings">
          <SettingsTab profile={user} />
          <LanguageCard />
          <YourDataCard eraseConfirmation={eraseConfirmation} />
        </TabsContent>
        {extraTabs.map((tab) => (
          <TabsContent key={tab.value} value={tab.value}>
            {tab.content}
          </TabsContent>
        ))}
      </Tabs>
    </Shell>
  );
}
