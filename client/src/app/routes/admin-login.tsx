import { AdminLoginForm } from '@/features/admin/components/admin-login-form';

export default function AdminLoginPage() {
  return <AdminLoginForm />;
}
