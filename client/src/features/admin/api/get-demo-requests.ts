import type { DemoRequest } from '@contract/demo-requests';
import { POLL_ADMIN_MS } from '@contract/limits';
import { useAdminQuery } from '../hooks/use-admin-query';

export const DEMO_REQUESTS_URL = '/api/demo-requests';

export const useDemoRequests = () => useAdminQuery<DemoRequest[]>(DEMO_REQUESTS_URL, POLL_ADMIN_MS);
