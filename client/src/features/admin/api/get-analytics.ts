import type { AdminAnalytics } from '@contract/admin';
import { POLL_ADMIN_MS } from '@contract/limits';
import { useAdminQuery } from '../hooks/use-admin-query';

export const ADMIN_ANALYTICS_URL = '/api/admin/analytics';

export const useAdminAnalytics = () => useAdminQuery<AdminAnalytics>(ADMIN_ANALYTICS_URL, POLL_ADMIN_MS);
