import { useCallback, useState } from 'react';
import type { CreateDemoRequestBody } from '@contract/demo-requests';
import { apiRequest } from '@/lib/request';

export const createDemoRequest = async (body: CreateDemoRequestBody) => {
  await apiRequest('POST', '/api/demo-requests', body);
};

/** Sends a demo request; plain state rather than a TanStack mutation so the landing page loads no query library. */
export function useCreateDemoRequest() {
  const [isPending, setPending] = useState(false);
  const mutateAsync = useCallback(async (body: CreateDemoRequestBody) => {
    setPending(true);
    try {
      await createDemoRequest(body);
    } finally {
      setPending(false);
    }
  }, []);
  return { isPending, mutateAsync };
}
