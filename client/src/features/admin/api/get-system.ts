import type { SystemResponse } from '@contract/admin';
import { POLL_ADMIN_MS } from '@contract/limits';
import { useAdminQuery } from '../hooks/use-admin-query';

export const ADMIN_SYSTEM_URL = '/api/admin/system';

export const useAdminSystem = () => useAdminQuery<SystemResponse>(ADMIN_SYSTEM_URL, POLL_ADMIN_MS);
