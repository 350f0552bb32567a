import { AuthForm } from '@/features/auth/components/auth-form';

export default function SignupPage() {
  return <AuthForm mode="signup" />;
}
