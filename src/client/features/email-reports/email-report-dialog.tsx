import { useState } from 'react';
import { Link } from 'wouter';
import { plans } from '../../../shared/plans.ts';
import type { TBrand } from '../../../shared/schemas/brands.ts';
import {
  emailReportDefaults,
  noModuleMessage,
  noRecipientMessage,
  reportFrequencies,
  reportFrequencyLabels,
  reportModuleLabels,
  reportModules,
  splitRecipients,
  type TEmailReport,
  type TEmailReportRequest,
  type TReportFrequency,
  type TReportModule,
  weekdayNames,
} from '../../../shared/schemas/email-reports.ts';
import { reportTimezones, type TReportTimezone } from '../../../shared/timezones.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { useAuth } from '../../hooks/use-auth.ts';
import { toast } from '../../hooks/use-toast.ts';
import { setSelectedPlan } from '../../lib/storage.ts';
import { useSaveEmailReport } from './email-report-queries.ts';

const ALL_BRANDS = 'all';
const daysOfMonth = Array.from({ length: 31 }, (_, index) => index + 1);

type Form = {
  name: string;
  brandId: string;
  frequency: TReportFrequency;
  dayOfWeek: number;
  dayOfMonth: number;
  timeOfDay: string;
  timezone: string;
  recipients: string;
  includeModules: Record<TReportModule, boolean>;
  runFreshAnalysis: boolean;
};

/** A report's settings, or SPEC §9's defaults for a new one. */
const formOf = (report: TEmailReport | null): Form => ({
  name: report?.name ?? '',
  brandId: report?.brandId ?? ALL_BRANDS,
  frequency: report?.frequency ?? emailReportDefaults.frequency,
  dayOfWeek: report?.dayOfWeek ?? emailReportDefaults.dayOfWeek,
  dayOfMonth: report?.dayOfMonth ?? emailReportDefaults.dayOfMonth,
  timeOfDay: report?.timeOfDay ?? emailReportDefaults.timeOfDay,
  timezone: report?.timezone ?? emailReportDefaults.timezone,
  recipients: report?.recipients.join(', ') ?? '',
  includeModules: { ...(report?.includeModules ?? emailReportDefaults.includeModules) },
  runFreshAnalysis: report?.runFreshAnalysis ?? emailReportDefaults.runFreshAnalysis,
});

/** SPEC §5: dayOfWeek only for weekly, dayOfMonth only for monthly, no brandId for all brands. */
function requestOf(form: Form): TEmailReportRequest {
  return {
    name: form.name.trim(),
    frequency: form.frequency,
    ...(form.frequency === 'weekly' ? { dayOfWeek: form.dayOfWeek } : {}),
    ...(form.frequency === 'monthly' ? { dayOfMonth: form.dayOfMonth } : {}),
    timeOfDay: form.timeOfDay,
    // The select offers only the twelve; the server refuses anything else.
    timezone: form.timezone as TReportTimezone,
    recipients: splitRecipients(form.recipients),
    ...(form.brandId === ALL_BRANDS ? {} : { brandId: form.brandId }),
    includeModules: form.includeModules,
    runFreshAnalysis: form.runFreshAnalysis,
    isActive: true,
  };
}

function ChoiceField({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger id={id} className="w-full">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

/** When the report goes: frequency, then the weekday or day of the month, the time and the timezone. */
function ScheduleFields({ form, set }: { form: Form; set: <K extends keyof Form>(key: K, value: Form[K]) => void }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <ChoiceField
        id="email-report-frequency"
        label="Frequency"
        value={form.frequency}
        options={reportFrequencies.map((frequency) => ({ value: frequency, label: reportFrequencyLabels[frequency] }))}
        onChange={(value) => set('frequency', value as TReportFrequency)}
      />
      {form.frequency === 'weekly' && (
        <ChoiceField
          id="email-report-day-of-week"
          label="Day of week"
          value={String(form.dayOfWeek)}
          options={weekdayNames.map((name, day) => ({ value: String(day), label: name }))}
          onChange={(value) => set('dayOfWeek', Number(value))}
        />
      )}
      {form.frequency === 'monthly' && (
        <ChoiceField
          id="email-report-day-of-month"
          label="Day of month"
          value={String(form.dayOfMonth)}
          options={daysOfMonth.map((day) => ({ value: String(day), label: String(day) }))}
          onChange={(value) => set('dayOfMonth', Number(value))}
        />
      )}
      <div className="space-y-1.5">
        <Label htmlFor="email-report-time">Time</Label>
        <Input
          id="email-report-time"
          type="time"
          value={form.timeOfDay}
          onChange={(event) => set('timeOfDay', event.target.value)}
          required
        />
      </div>
      <ChoiceField
        id="email-report-timezone"
        label="Timezone"
        value={form.timezone}
        options={reportTimezones.map((zone) => ({ value: zone.id, label: zone.label }))}
        onChange={(value) => set('timezone', value)}
      />
      {form.frequency === 'monthly' && form.dayOfMonth > 28 && (
        <p className="text-muted-foreground text-xs sm:col-span-2">
          In a month without day {form.dayOfMonth}, the report goes on the month's last day.
        </p>
      )}
    </div>
  );
}

/** The modules to include, and the Agency option of running a fresh analysis first. */
function ContentFields({
  form,
  set,
  freshAllowed,
}: {
  form: Form;
  set: <K extends keyof Form>(key: K, value: Form[K]) => void;
  freshAllowed: boolean;
}) {
  return (
    <fieldset className="space-y-3">
      <legend className="mb-2 font-medium text-sm">Include</legend>
      {reportModules.map((module) => (
        <div key={module} className="flex items-center justify-between gap-4">
          <Label htmlFor={`email-report-module-${module}`}>{reportModuleLabels[module]}</Label>
          <Switch
            id={`email-report-module-${module}`}
            checked={form.includeModules[module]}
            onCheckedChange={(checked) => set('includeModules', { ...form.includeModules, [module]: checked })}
          />
        </div>
      ))}
      <div className="flex items-start justify-between gap-4 border-t pt-3">
        <div className="space-y-1">
          <Label htmlFor="email-report-fresh" className="flex items-center gap-2">
            Run Fresh AI Analysis <Badge variant="secondary">Agency</Badge>
          </Label>
          <p className="text-muted-foreground text-xs">
            {freshAllowed ? (
              'A new audit and reports are run before each send, and the e-mail waits for them.'
            ) : (
              <>
                Available on the Agency plan.{' '}
                <Link href="/subscribe" className="underline" onClick={() => setSelectedPlan('agency')}>
                  Upgrade to Agency
                </Link>{' '}
                to run a new audit and reports before each send.
              </>
            )}
          </p>
        </div>
        <Switch
          id="email-report-fresh"
          checked={form.runFreshAnalysis}
          // A report saved on Agency can still have it turned off after a downgrade.
          disabled={!freshAllowed && !form.runFreshAnalysis}
          onCheckedChange={(checked) => set('runFreshAnalysis', checked)}
        />
      </div>
    </fieldset>
  );
}

/** Create Email Report, and the same form to edit one (SPEC §2, §5 and §9). */
export function EmailReportDialog({
  report,
  brands,
  open,
  onOpenChange,
}: {
  /** null to create one */
  report: TEmailReport | null;
  brands: TBrand[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { user } = useAuth();
  const freshAllowed = user ? plans[user.workspacePlanType].allows.freshAiAnalysis : false;
  const [form, setForm] = useState<Form>(() => formOf(report));
  const save = useSaveEmailReport({ onSaved: () => onOpenChange(false) });
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((current) => ({ ...current, [key]: value }));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!form.name.trim()) return;
    if (splitRecipients(form.recipients).length === 0) {
      toast({ title: 'Error', description: noRecipientMessage, variant: 'destructive' });
      return;
    }
    if (!reportModules.some((module) => form.includeModules[module])) {
      toast({ title: 'Error', description: noModuleMessage, variant: 'destructive' });
      return;
    }
    save.mutate({ id: report?.id ?? null, fields: requestOf(form) });
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !save.isPending && onOpenChange(next)}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-xl">
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{report ? 'Edit Email Report' : 'Create Email Report'}</DialogTitle>
            <DialogDescription>
              A summary of your brands e-mailed on a schedule, with each module's PDF attached.
            </DialogDescription>
          </DialogHeader>
          <div className="space-y-1.5">
            <Label htmlFor="email-report-name">Report name</Label>
            <Input
              id="email-report-name"
              value={form.name}
              onChange={(event) => set('name', event.target.value)}
              maxLength={200}
              placeholder="Weekly brand summary"
              required
            />
          </div>
          <ChoiceField
            id="email-report-brand"
            label="Brand"
            value={form.brandId}
            options={[
              { value: ALL_BRANDS, label: 'All brands' },
              ...brands.map((brand) => ({ value: brand.id, label: brand.name })),
            ]}
            onChange={(value) => set('brandId', value)}
          />
          <ScheduleFields form={form} set={set} />
          <div className="space-y-1.5">
            <Label htmlFor="email-report-recipients">Recipients</Label>
            <Textarea
              id="email-report-recipients"
              value={form.recipients}
              onChange={(event) => set('recipients', event.target.value)}
              placeholder="ana@example.com, client@example.org"
              rows={2}
            />
            <p className="text-muted-foreground text-xs">Separate addresses with commas; up to 50.</p>
          </div>
          <ContentFields form={form} set={set} freshAllowed={freshAllowed} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={!form.name.trim() || save.isPending}>
              {save.isPending ? 'Saving...' : report ? 'Save Changes' : 'Create Report'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
