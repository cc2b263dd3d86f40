import { CircleAlert, CircleCheck, FileUp, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import {
  adCsvColumnLabels,
  adCsvColumnRoles,
  guessAdCsvMapping,
  type TAdCsvColumnRole,
  type TAdImportResult,
} from '../../../shared/ad-csv.ts';
import type { TBrand } from '../../../shared/schemas/brands.ts';
import {
  adPlatformLabels,
  adPlatforms,
  type TAdPlatform,
  type TCompetitorWithCounts,
} from '../../../shared/schemas/competitors.ts';
import { countOf } from '../../../shared/words.ts';
import { CsvBadRows } from '../../components/csv-bad-rows.tsx';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert.tsx';
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
import { Progress } from '../../components/ui/progress.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select.tsx';
import { toast } from '../../hooks/use-toast.ts';
import { errorDisplayMessage, isUnauthorizedError } from '../../lib/api.ts';
import { notifyError } from '../audits-shared/notify-error.ts';
import { previewCsvFile } from '../consumer-insights/sources/csv-file-preview.ts';
import { uploadWithProgress } from '../consumer-insights/sources/upload-with-progress.ts';
import { useRefreshTracking } from './competitor-queries.ts';

const NONE = '__none__';
const count = (value: number) => value.toLocaleString('en-GB');
type Mapping = Partial<Record<TAdCsvColumnRole, string | null>>;

function ImportSummary({ result }: { result: TAdImportResult }) {
  return (
    <div className="space-y-3" data-testid="ad-import-result">
      <Alert variant="info">
        <CircleCheck aria-hidden="true" />
        <AlertTitle>
          Imported {countOf(result.added, 'new ad')} from {result.fileName}
        </AlertTitle>
        <AlertDescription>
          {countOf(result.rows, 'row')} read; {count(result.updated)} already in the library, brought up to date
          {result.repeated > 0 ? `; ${count(result.repeated)} repeated an earlier row` : ''}
          {result.badRowCount > 0 ? `; ${count(result.badRowCount)} could not be used` : ''}.
        </AlertDescription>
      </Alert>
      <CsvBadRows badRows={result.badRows} badRowCount={result.badRowCount} />
    </div>
  );
}

function ChoiceSelect({
  id,
  label,
  value,
  options,
  placeholder,
  onChange,
}: {
  id: string;
  label: string;
  value: string | null | undefined;
  options: { value: string; label: string }[];
  placeholder: string;
  onChange: (value: string | null) => void;
}) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value ?? NONE} onValueChange={(next) => onChange(next === NONE ? null : next)}>
        <SelectTrigger id={id} className="w-full">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={NONE}>{placeholder}</SelectItem>
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

/**
 * Imports ads from a CSV file: the columns are guessed from the header row and can be changed; a
 * file about one competitor or one platform names it here instead. Rows that cannot be used are
 * listed by line; importing the same file again adds nothing.
 */
export function AdCsvImportDialog({
  brand,
  competitors,
  open,
  onOpenChange,
}: {
  brand: TBrand;
  competitors: TCompetitorWithCounts[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const refresh = useRefreshTracking();
  const [file, setFile] = useState<File | null>(null);
  const [headers, setHeaders] = useState<string[]>([]);
  const [mapping, setMapping] = useState<Mapping>({});
  const [competitorId, setCompetitorId] = useState<string | null>(null);
  const [platform, setPlatform] = useState<TAdPlatform | null>(null);
  const [uploading, setUploading] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<TAdImportResult | null>(null);

  const reset = () => {
    setFile(null);
    setHeaders([]);
    setMapping({});
    setCompetitorId(null);
    setPlatform(null);
    setProblem(null);
    setResult(null);
  };
  const close = () => {
    if (uploading !== null) return;
    reset();
    onOpenChange(false);
  };

  const choose = async (chosen: File | null) => {
    reset();
    setFile(chosen);
    if (!chosen) return;
    const preview = await previewCsvFile(chosen, guessAdCsvMapping);
    if (!preview.ok) return setProblem(preview.problem);
    setHeaders(preview.headers);
    setMapping(preview.guessed);
  };

  const ready =
    file !== null &&
    headers.length > 0 &&
    !!mapping.adText &&
    (!!mapping.competitor || competitorId !== null) &&
    (!!mapping.platform || platform !== null);

  const start = async () => {
    if (!file || !ready) return;
    setProblem(null);
    const form = new FormData();
    form.append('brandId', brand.id);
    form.append('mapping', JSON.stringify(mapping));
    if (!mapping.competitor && competitorId) form.append('competitorId', competitorId);
    if (!mapping.platform && platform) form.append('platform', platform);
    form.append('file', file, file.name);
    setUploading(0);
    try {
      const imported = await uploadWithProgress<TAdImportResult>('/api/ad-library/import', form, setUploading);
      setResult(imported);
      toast({
        title: 'CSV Imported',
        description: `Added ${countOf(imported.added, 'ad')} from ${imported.fileName}.`,
      });
      await refresh();
    } catch (error) {
      if (isUnauthorizedError(error)) notifyError(error, 'Import Failed', 'The file could not be imported');
      else setProblem(errorDisplayMessage(error, 'The file could not be imported'));
    } finally {
      setUploading(null);
    }
  };

  const columnOptions = headers.map((header) => ({ value: header, label: header }));
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Import ads from a CSV file</DialogTitle>
          <DialogDescription>
            One ad per row under a header row, saved as CSV UTF-8, up to 20 MB. Rows naming a competitor you do not
            track are listed and skipped. Ads already imported are updated, not added twice.
          </DialogDescription>
        </DialogHeader>
        {result ? (
          <ImportSummary result={result} />
        ) : (
          <div className="grid gap-4">
            <div className="space-y-2">
              <Label htmlFor="ad-csv-file">CSV file</Label>
              <Input
                id="ad-csv-file"
                type="file"
                accept=".csv,text/csv,text/plain"
                disabled={uploading !== null}
                onChange={(event) => void choose(event.target.files?.[0] ?? null)}
              />
            </div>
            {headers.length > 0 && (
              <fieldset className="grid gap-3 sm:grid-cols-2" disabled={uploading !== null}>
                <legend className="mb-2 text-muted-foreground text-sm">Choose which column holds what.</legend>
                {adCsvColumnRoles.map((role) => (
                  <ChoiceSelect
                    key={role}
                    id={`ad-csv-${role}`}
                    label={`${adCsvColumnLabels[role]}${role === 'adText' ? ' (required)' : ''}`}
                    value={mapping[role]}
                    options={columnOptions}
                    placeholder={role === 'adText' ? 'Choose a column' : 'Not in this file'}
                    onChange={(column) => setMapping((current) => ({ ...current, [role]: column }))}
                  />
                ))}
                {!mapping.competitor && (
                  <ChoiceSelect
                    id="ad-csv-every-competitor"
                    label="Competitor of every row"
                    value={competitorId}
                    options={competitors.map((competitor) => ({ value: competitor.id, label: competitor.name }))}
                    placeholder="Choose a competitor"
                    onChange={setCompetitorId}
                  />
                )}
                {!mapping.platform && (
                  <ChoiceSelect
                    id="ad-csv-every-platform"
                    label="Platform of every row"
                    value={platform}
                    options={adPlatforms.map((value) => ({ value, label: adPlatformLabels[value] }))}
                    placeholder="Choose a platform"
                    onChange={(value) => setPlatform(value as TAdPlatform | null)}
                  />
                )}
              </fieldset>
            )}
            {uploading !== null && (
              <div className="space-y-1">
                <p className="text-muted-foreground text-sm">
                  {uploading < 1 ? `Uploading ${file?.name}` : 'Reading and storing the ads'}
                </p>
                <Progress value={uploading * 100} aria-label="Import progress" />
              </div>
            )}
            {problem && (
              <Alert variant="destructive">
                <CircleAlert aria-hidden="true" />
                <AlertTitle>The file cannot be imported</AlertTitle>
                <AlertDescription>{problem}</AlertDescription>
              </Alert>
            )}
          </div>
        )}
        <DialogFooter>
          {result ? (
            <>
              <Button variant="outline" onClick={reset}>
                Import Another File
              </Button>
              <Button onClick={close}>Done</Button>
            </>
          ) : (
            <>
              <Button variant="outline" onClick={close} disabled={uploading !== null}>
                Cancel
              </Button>
              <Button onClick={() => void start()} disabled={!ready || uploading !== null}>
                {uploading !== null ? (
                  <LoaderCircle aria-hidden="true" className="animate-spin" />
                ) : (
                  <FileUp aria-hidden="true" />
                )}
                {uploading !== null ? 'Importing...' : 'Import'}
              </Button>
            </>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
