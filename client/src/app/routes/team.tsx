import { PlanAndInvoices } from '@/features/billing/components/plan-and-invoices';
import { TeamScreen } from '@/features/teams/components/team-screen';

export default function TeamPage() {
  return <TeamScreen billing={<PlanAndInvoices />} />;
}
