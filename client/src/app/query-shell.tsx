import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AccountLanguage } from '@/lib/i18n/account-language';
import { queryClient } from '@/lib/query-client';

/**
 * TanStack Query for every page but the landing page, loaded with the first page that needs it.
 * One client for the whole visit, so the cache survives moving between pages.
 */
export default function QueryShell({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AccountLanguage />
      {children}
    </QueryClientProvider>
  );
}
