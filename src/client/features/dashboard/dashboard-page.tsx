import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { PageHeader } from '../../components/layout/page-header.tsx';
import { useAuth } from '../../hooks/use-auth.ts';
import { getSelectedPlan } from '../../lib/storage.ts';

export default function DashboardPage() {
  const { user } = useAuth();
  const [, navigate] = useLocation();

  // A paid monthly plan chosen before signing in continues to the subscribe screen (SPEC §4).
  useEffect(() => {
    const plan = getSelectedPlan();
    if (plan === 'smb' || plan === 'agency') navigate('/subscribe');
  }, [navigate]);

  const firstName = user?.firstName?.trim() || 'there';

  return <PageHeader title={`Welcome back, ${firstName}`} description="Here's your brand performance overview" />;
}
