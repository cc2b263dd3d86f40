import { CheckCircle2, CircleOff } from 'lucide-react';
import { plans } from '../../../shared/plans.ts';
import { PageHeader } from '../../components/layout/page-header.tsx';
import { CenteredSpinner } from '../../components/spinner.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { useAuth } from '../../hooks/use-auth.ts';
import { UpgradePrompt } from '../audits-shared/upgrade-prompt.tsx';
import { WhiteLabelForm } from './white-label-form.tsx';
import { useWhiteLabelSettings } from './white-label-queries.ts';

const description = 'Your company name, logo, colours and contact details on every report your clients receive.';

/** SPEC §2 White Label: the settings with a live report preview; a plan without white label sees the upgrade. */
export default function WhiteLabelPage() {
  const { user } = useAuth();
  const settings = useWhiteLabelSettings();
  const plan = user?.workspacePlanType;

  if (plan && !plans[plan].allows.whiteLabel) {
    return (
      <>
        <PageHeader title="White Label" description={description} />
        <UpgradePrompt reason="feature_limit" feature="whiteLabel" planType={plan} />
      </>
    );
  }

  const status = settings.data?.applied ? (
    <Badge variant="success" data-testid="white-label-status">
      <CheckCircle2 aria-hidden="true" />
      On reports now
    </Badge>
  ) : (
    <Badge variant="secondary" data-testid="white-label-status">
      <CircleOff aria-hidden="true" />
      {settings.data?.saved ? 'Switched off' : 'Not set up'}
    </Badge>
  );

  return (
    <>
      <PageHeader title="White Label" description={description} actions={settings.data ? status : null} />
      {settings.isError ? (
        <p className="text-destructive text-sm">
          The white-label settings could not be loaded. Please reload the page.
        </p>
      ) : !settings.data || !user ? (
        <CenteredSpinner label="Loading white-label settings" />
      ) : (
        <WhiteLabelForm settings={settings.data} />
      )}
    </>
  );
}
