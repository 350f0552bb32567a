import { useMutation } from '@tanstack/react-query';
import type { AdminLoginBody, AdminLoginResponse } from '@contract/admin';
import { apiRequest } from '@/lib/request';
import { adminToken } from '../lib/admin-token';

export const adminLogin = async (body: AdminLoginBody): Promise<AdminLoginResponse> =>
  (await apiRequest('POST', '/api/admin/login', body)).json();

export function useAdminLogin() {
  return useMutation({ mutationFn: adminLogin, onSuccess: (data) => adminToken.set(data.token) });
}
