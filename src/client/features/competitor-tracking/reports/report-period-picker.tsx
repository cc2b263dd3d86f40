import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select.tsx';

/** The period a new report covers: the last 30 days (SPEC's default), the last 90, or chosen dates. */
export type TReportPeriodChoice = { period: 'monthly' | 'quarterly' | 'custom'; startDate: string; endDate: string };

const choices = [
  { value: 'monthly', label: 'Last 30 days' },
  { value: 'quarterly', label: 'Last 90 days' },
  { value: 'custom', label: 'Chosen dates' },
] as const;

export const periodWords = (choice: TReportPeriodChoice) =>
  choice.period === 'quarterly'
    ? 'the last 90 days'
    : choice.period === 'custom'
      ? 'the dates you choose'
      : 'the last 30 days';

export function ReportPeriodPicker({
  value,
  onChange,
}: {
  value: TReportPeriodChoice;
  onChange: (value: TReportPeriodChoice) => void;
}) {
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="flex flex-col gap-1">
        <Label htmlFor="report-period" className="text-muted-foreground text-xs">
          Period
        </Label>
        <Select
          value={value.period}
          onValueChange={(period) => onChange({ ...value, period: period as TReportPeriodChoice['period'] })}
        >
          <SelectTrigger id="report-period" className="w-44">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {choices.map((choice) => (
              <SelectItem key={choice.value} value={choice.value}>
                {choice.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      {value.period === 'custom' && (
        <>
          <div className="flex flex-col gap-1">
            <Label htmlFor="report-start" className="text-muted-foreground text-xs">
              From
            </Label>
            <Input
              id="report-start"
              type="date"
              className="w-40"
              value={value.startDate}
              onChange={(event) => onChange({ ...value, startDate: event.target.value })}
            />
          </div>
          <div className="flex flex-col gap-1">
            <Label htmlFor="report-end" className="text-muted-foreground text-xs">
              To
            </Label>
            <Input
              id="report-end"
              type="date"
              className="w-40"
              value={value.endDate}
              onChange={(event) => onChange({ ...value, endDate: event.target.value })}
            />
          </div>
        </>
      )}
    </div>
  );
}
