import { TeamScreen } from '@/features/teams/components/team-screen';

export default function TeamPage() {
  return <TeamScreen />;
}
