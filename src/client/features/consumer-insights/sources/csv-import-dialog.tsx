import { CircleAlert, CircleCheck, FileUp, LoaderCircle } from 'lucide-react';
import type { TBrand } from '../../../../shared/schemas/brands.ts';
import { csvColumnRoles, type TCsvColumnRole, type TImportResult } from '../../../../shared/schemas/insight-sources.ts';
import { insightSourceLabels, insightSourceValues, type TInsightSource } from '../../../../shared/schemas/insights.ts';
import { CsvBadRows } from '../../../components/csv-bad-rows.tsx';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select.tsx';
import { TaskProgressBar } from './task-progress-bar.tsx';
import { type CsvMappingState, useCsvImport } from './use-csv-import.ts';

const NONE = '__none__';
const ROLE_LABELS: Record<TCsvColumnRole, string> = {
  content: 'Feedback text',
  author: 'Author',
  date: 'Date',
  rating: 'Rating',
  platform: 'Source or platform',
};

const count = (value: number) => value.toLocaleString('en-GB');

function ImportSummary({ result }: { result: TImportResult }) {
  return (
    <div className="space-y-3" data-testid="import-result">
      <Alert variant="info">
        <CircleCheck aria-hidden="true" />
        <AlertTitle>
          Imported {count(result.added)} {result.added === 1 ? 'insight' : 'insights'} from {result.fileName}
        </AlertTitle>
        <AlertDescription>
          <p>
            {count(result.rows)} rows read; {count(result.duplicates)} already in the list
            {result.notKeptForPlan > 0
              ? `; ${count(result.notKeptForPlan)} not kept: your plan's limit was reached`
              : ''}
            {result.badRowCount > 0 ? `; ${count(result.badRowCount)} could not be used` : ''}.
          </p>
        </AlertDescription>
      </Alert>
      <CsvBadRows badRows={result.badRows} badRowCount={result.badRowCount} />
    </div>
  );
}

/** One select per field, listing the file's columns; every field but the text may be absent. */
function ColumnMappingFields({
  headers,
  mapping,
  onMappingChange,
  source,
  onSourceChange,
  disabled,
}: {
  headers: string[];
  mapping: CsvMappingState;
  onMappingChange: (role: TCsvColumnRole, column: string | null) => void;
  source: TInsightSource;
  onSourceChange: (source: TInsightSource) => void;
  disabled: boolean;
}) {
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2" disabled={disabled}>
      <legend className="mb-2 text-muted-foreground text-sm">
        The file's columns: {headers.map((header) => `“${header}”`).join(', ')}. Choose which holds what.
      </legend>
      {csvColumnRoles.map((role) => (
        <div key={role} className="space-y-1.5">
          <Label htmlFor={`csv-map-${role}`}>
            {ROLE_LABELS[role]}
            {role === 'content' ? ' (required)' : ''}
          </Label>
          <Select
            value={mapping[role] ?? NONE}
            onValueChange={(value) => onMappingChange(role, value === NONE ? null : value)}
          >
            <SelectTrigger id={`csv-map-${role}`} className="w-full">
              <SelectValue placeholder="Choose a column" />
            </SelectTrigger>
            <SelectContent>
              {role !== 'content' && <SelectItem value={NONE}>Not in this file</SelectItem>}
              {headers.map((header) => (
                <SelectItem key={header} value={header}>
                  {header}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      ))}
      <div className="space-y-1.5">
        <Label htmlFor="csv-map-source">The rows are</Label>
        <p className="text-muted-foreground text-xs">
          A row whose source column names a known place (Google, Trustpilot, Instagram, a survey) is filed by it; the
          rest as chosen here.
        </p>
        <Select value={source} onValueChange={(value) => onSourceChange(value as TInsightSource)}>
          <SelectTrigger id="csv-map-source" className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {insightSourceValues.map((value) => (
              <SelectItem key={value} value={value}>
                {insightSourceLabels[value]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </fieldset>
  );
}

/**
 * Imports a CSV file of reviews or survey answers: the person picks the file, sees its columns and
 * maps them (guessed from the header names), then follows the upload and the server's analysis on
 * one bar. The file's problems (encoding, structure, size, rows) come back from the server as they
 * are, and rows that could not be used are listed by line.
 */
export function CsvImportDialog({
  brand,
  open,
  onOpenChange,
}: {
  brand: TBrand;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const csv = useCsvImport(brand);
  const { phase, working, progress } = csv;
  const close = (next: boolean) => {
    if (next) return onOpenChange(true);
    csv.abortUpload();
    // A finished or failed import starts afresh next time; a running one keeps being followed.
    if (phase.name !== 'processing') csv.reset();
    onOpenChange(false);
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Import a CSV file</DialogTitle>
          <DialogDescription>
            Reviews or survey answers exported from another tool, one per row under a header row. Up to 50,000 rows and
            20 MB, saved as CSV UTF-8. Rows already imported are not added twice.
          </DialogDescription>
        </DialogHeader>
        {phase.name === 'done' ? (
          <ImportSummary result={phase.result} />
        ) : (
          <div className="grid gap-4">
            <div className="space-y-2">
              <Label htmlFor="csv-import-file">CSV file</Label>
              <Input
                id="csv-import-file"
                type="file"
                accept=".csv,text/csv,text/plain"
                disabled={working}
                onChange={(event) => void csv.choose(event.target.files?.[0] ?? null)}
              />
            </div>
            {csv.headers.length > 0 && (
              <ColumnMappingFields
                headers={csv.headers}
                mapping={csv.mapping}
                onMappingChange={(role, column) => csv.setMapping((current) => ({ ...current, [role]: column }))}
                source={csv.source}
                onSourceChange={csv.setSource}
                disabled={working}
              />
            )}
            {progress && <TaskProgressBar label="Import progress" stage={progress.stage} percent={progress.percent} />}
            {csv.problem && (
              <Alert variant="destructive">
                <CircleAlert aria-hidden="true" />
                <AlertTitle>The file cannot be imported</AlertTitle>
                <AlertDescription>{csv.problem}</AlertDescription>
              </Alert>
            )}
          </div>
        )}
        <DialogFooter>
          {phase.name === 'done' ? (
            <>
              <Button variant="outline" onClick={csv.reset}>
                Import Another File
              </Button>
              <Button onClick={() => close(false)}>Done</Button>
            </>
          ) : (
            <>
              <Button variant="outline" onClick={() => close(false)}>
                {working ? 'Close' : 'Cancel'}
              </Button>
              <Button
                onClick={() => void csv.start()}
                disabled={working || !csv.file || !csv.mapping.content || csv.headers.length === 0}
              >
                {working ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <FileUp aria-hidden="true" />}
                {working ? 'Importing...' : 'Import'}
              </Button>
            </>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
