import { useParams } from 'wouter';
import { InvitationScreen } from '@/features/teams/components/invitation-screen';

export default function InvitePage() {
  const { token = '' } = useParams<{ token: string }>();
  return <InvitationScreen token={token} />;
}
