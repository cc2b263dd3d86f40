import { useQueryClient } from '@tanstack/react-query';
import { CircleAlert, CircleCheck, FileUp, LoaderCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { TBrand } from '../../../../shared/schemas/brands.ts';
import {
  csvColumnRoles,
  isTaskRunning,
  type TCsvColumnRole,
  type TImportResult,
  type TImportTask,
} from '../../../../shared/schemas/insight-sources.ts';
import { insightSourceLabels, insightSourceValues, type TInsightSource } from '../../../../shared/schemas/insights.ts';
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
import { toast } from '../../../hooks/use-toast.ts';
import { errorDisplayMessage, isUnauthorizedError } from '../../../lib/api.ts';
import { notifyError } from '../../audits-shared/notify-error.ts';
import { previewCsvFile } from './csv-file-preview.ts';
import { consumerInsightsQueryPrefix, importQueryKey, useImportTask } from './source-queries.ts';
import { TaskProgressBar } from './task-progress-bar.tsx';
import { uploadWithProgress } from './upload-with-progress.ts';

const NONE = '__none__';
const ROLE_LABELS: Record<TCsvColumnRole, string> = {
  content: 'Feedback text',
  author: 'Author',
  date: 'Date',
  rating: 'Rating',
  platform: 'Platform',
};

type Mapping = Record<TCsvColumnRole, string | null>;
type Phase =
  | { name: 'choose' }
  | { name: 'uploading'; fraction: number }
  | { name: 'processing'; taskId: string }
  | { name: 'done'; result: TImportResult };

const count = (value: number) => value.toLocaleString('en-GB');
const emptyMapping = (): Mapping => ({ content: null, author: null, date: null, rating: null, platform: null });

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
      {result.badRows.length > 0 && (
        <div>
          <p className="mb-1 font-medium text-sm">Rows not imported</p>
          <ul
            className="max-h-40 space-y-0.5 overflow-y-auto rounded-md border px-3 py-2 text-xs"
            aria-label="Rows not imported"
          >
            {result.badRows.map((row) => (
              <li key={row.line}>
                <span className="font-medium tabular-nums">Line {row.line}:</span> {row.reason}
              </li>
            ))}
            {result.badRowCount > result.badRows.length && (
              <li className="text-muted-foreground">and {count(result.badRowCount - result.badRows.length)} more</li>
            )}
          </ul>
        </div>
      )}
    </div>
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
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [headers, setHeaders] = useState<string[]>([]);
  const [mapping, setMapping] = useState<Mapping>(emptyMapping);
  const [source, setSource] = useState<TInsightSource>('reviews');
  const [phase, setPhase] = useState<Phase>({ name: 'choose' });
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useRef<AbortController | null>(null);
  // Polled here, outside the dialog's content, so an import keeps being followed when it is closed.
  const task = useImportTask(phase.name === 'processing' ? phase.taskId : null);

  useEffect(() => {
    const current = task.data;
    if (phase.name !== 'processing' || !current || current.id !== phase.taskId || isTaskRunning(current)) return;
    void queryClient.invalidateQueries({ queryKey: consumerInsightsQueryPrefix });
    if (current.status === 'completed' && current.result) {
      setPhase({ name: 'done', result: current.result });
      toast({
        title: 'CSV Imported',
        description: `Added ${count(current.result.added)} insights from ${current.result.fileName}.`,
      });
    } else {
      setPhase({ name: 'choose' });
      setProblem(current.error || 'The import could not be completed.');
      toast({
        title: 'Import Failed',
        description: current.error || 'The import could not be completed.',
        variant: 'destructive',
      });
    }
  }, [task.data, phase, queryClient]);

  const reset = () => {
    setFile(null);
    setHeaders([]);
    setMapping(emptyMapping());
    setSource('reviews');
    setPhase({ name: 'choose' });
    setProblem(null);
  };

  const choose = async (chosen: File | null) => {
    setProblem(null);
    setFile(chosen);
    setHeaders([]);
    setMapping(emptyMapping());
    if (!chosen) return;
    const preview = await previewCsvFile(chosen);
    if (!preview.ok) {
      setProblem(preview.problem);
      return;
    }
    setHeaders(preview.headers);
    setMapping({ ...emptyMapping(), ...preview.guessed });
    if (preview.guessed.rating) setSource('reviews');
  };

  const startImport = async () => {
    if (!file || !mapping.content) return;
    setProblem(null);
    const form = new FormData();
    form.append('brandId', brand.id);
    form.append('source', source);
    form.append('mapping', JSON.stringify(mapping));
    form.append('file', file, file.name);
    upload.current = new AbortController();
    setPhase({ name: 'uploading', fraction: 0 });
    try {
      const started = await uploadWithProgress<TImportTask>(
        '/api/consumer-insights/import',
        form,
        (fraction) => setPhase({ name: 'uploading', fraction }),
        upload.current.signal,
      );
      queryClient.setQueryData(importQueryKey(started.id), started);
      setPhase({ name: 'processing', taskId: started.id });
    } catch (error) {
      setPhase({ name: 'choose' });
      if (error instanceof DOMException && error.name === 'AbortError') return;
      if (isUnauthorizedError(error)) notifyError(error, 'Import Failed', 'The file could not be imported');
      else setProblem(errorDisplayMessage(error, 'The file could not be imported'));
    }
  };

  const close = (next: boolean) => {
    if (next) return onOpenChange(true);
    upload.current?.abort();
    // A finished or failed import starts afresh next time; a running one keeps being followed.
    if (phase.name !== 'processing') reset();
    onOpenChange(false);
  };

  const working = phase.name === 'uploading' || phase.name === 'processing';
  const progress =
    phase.name === 'uploading'
      ? { stage: `Uploading ${file?.name ?? 'the file'}`, percent: phase.fraction * 100 }
      : phase.name === 'processing'
        ? { stage: task.data?.stage || 'Queued', percent: task.data?.percent ?? 0 }
        : null;

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
                onChange={(event) => void choose(event.target.files?.[0] ?? null)}
              />
            </div>
            {headers.length > 0 && (
              <fieldset className="grid gap-3 sm:grid-cols-2" disabled={working}>
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
                      onValueChange={(value) =>
                        setMapping((current) => ({ ...current, [role]: value === NONE ? null : value }))
                      }
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
                  <Select value={source} onValueChange={(value) => setSource(value as TInsightSource)}>
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
            )}
            {progress && <TaskProgressBar label="Import progress" stage={progress.stage} percent={progress.percent} />}
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
          {phase.name === 'done' ? (
            <>
              <Button variant="outline" onClick={reset}>
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
                onClick={() => void startImport()}
                disabled={working || !file || !mapping.content || headers.length === 0}
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
