import type { PromosResponse } from '@contract/admin';
import { POLL_PROMOS_MS } from '@contract/limits';
import { useAdminQuery } from '../hooks/use-admin-query';

export const ADMIN_PROMOS_URL = '/api/admin/promos';

export const useAdminPromos = () => useAdminQuery<PromosResponse>(ADMIN_PROMOS_URL, POLL_PROMOS_MS);
