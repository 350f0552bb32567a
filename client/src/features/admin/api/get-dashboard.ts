import type { AdminDashboard } from '@contract/admin';
import { POLL_ADMIN_MS } from '@contract/limits';
import { useAdminQuery } from '../hooks/use-admin-query';

export const ADMIN_DASHBOARD_URL = '/api/admin/dashboard';

export const useAdminDashboard = () => useAdminQuery<AdminDashboard>(ADMIN_DASHBOARD_URL, POLL_ADMIN_MS);
