import { Bell } from 'lucide-react';
import type { TNotificationKind } from '../../../shared/schemas/notifications.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { LoadErrorAlert } from '../audits-shared/load-error-alert.tsx';
import { useNotificationSettings, useUpdateNotificationSettings } from './notification-queries.ts';
import { TimezoneSelect } from './timezone-select.tsx';

const toggles: { kind: TNotificationKind; label: string; description: string }[] = [
  { kind: 'emailReports', label: 'Email reports', description: 'The scheduled reports you set up in Email Reports.' },
  { kind: 'auditComplete', label: 'Audit complete', description: 'An e-mail with the scores when an audit finishes.' },
  {
    kind: 'weeklyDigest',
    label: 'Weekly digest',
    description: 'A summary of your week every Monday morning, when there is something to report.',
  },
  {
    kind: 'competitorChanges',
    label: 'Competitor changes',
    description: 'Once a week: the ads your competitors started and stopped, and their new messages or offers.',
  },
  {
    kind: 'mentionSpikes',
    label: 'Mention spikes',
    description: 'An e-mail when the daily discovery finds a day with unusually many negative mentions.',
  },
];

/**
 * SPEC §2 Settings' notifications card (DESIGN decision 5): its switches saved on the server
 * as they change, and honoured by the e-mails they name.
 */
export function NotificationsCard() {
  const settings = useNotificationSettings();
  const save = useUpdateNotificationSettings();
  const data = settings.data;

  return (
    <Card aria-labelledby="notifications-card-title">
      <CardHeader>
        <CardTitle id="notifications-card-title" className="flex items-center gap-2">
          <Bell aria-hidden="true" className="size-5 text-primary" />
          Notifications
        </CardTitle>
        <CardDescription>Choose which e-mails Brandlens sends you. Changes are saved straight away.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {settings.error && (
          <LoadErrorAlert
            error={settings.error}
            what="your notification settings"
            onRetry={() => void settings.refetch()}
          />
        )}
        {!data && !settings.error && (
          <div className="space-y-4" aria-busy="true">
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </div>
        )}
        {data && (
          <>
            <ul className="divide-y">
              {toggles.map(({ kind, label, description }) => (
                <li key={kind} className="flex items-center justify-between gap-4 py-3 first:pt-0">
                  <div className="space-y-0.5">
                    <Label htmlFor={`notify-${kind}`}>{label}</Label>
                    <p id={`notify-${kind}-description`} className="text-muted-foreground text-sm">
                      {description}
                    </p>
                  </div>
                  <Switch
                    id={`notify-${kind}`}
                    aria-describedby={`notify-${kind}-description`}
                    checked={data[kind]}
                    onCheckedChange={(checked) => save.mutate({ [kind]: checked })}
                  />
                </li>
              ))}
            </ul>
            <TimezoneSelect value={data.timezone} onChange={(timezone) => save.mutate({ timezone })} />
            <p className="text-muted-foreground text-xs">
              Every one of these e-mails has a link to unsubscribe from it.
            </p>
          </>
        )}
      </CardContent>
    </Card>
  );
}
