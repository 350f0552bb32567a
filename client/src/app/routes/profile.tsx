import { SecurityPanel } from '@/features/auth/components/security-panel';
import { ProfileScreen } from '@/features/profile/components/profile-screen';

const EXTRA_TABS = [{ value: 'security', label: 'Security', content: <SecurityPanel /> }];

export default function ProfilePage() {
  return <ProfileScreen extraTabs={EXTRA_TABS} />;
}
