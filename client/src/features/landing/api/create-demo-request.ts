import { useMutation } from '@tanstack/react-query';
import type { CreateDemoRequestBody } from '@contract/demo-requests';
import { apiRequest } from '@/lib/request';

export const createDemoRequest = async (body: CreateDemoRequestBody) => {
  await apiRequest('POST', '/api/demo-requests', body);
};

export const useCreateDemoRequest = () => useMutation({ mutationFn: createDemoRequest });
