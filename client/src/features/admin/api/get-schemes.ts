import type { SchemesResponse } from '@contract/admin';
import { POLL_SCHEMES_MS } from '@contract/limits';
import { useAdminQuery } from '../hooks/use-admin-query';

export const ADMIN_SCHEMES_URL = '/api/admin/schemes';

export const useAdminSchemes = () => useAdminQuery<SchemesResponse>(ADMIN_SCHEMES_URL, POLL_SCHEMES_MS);
