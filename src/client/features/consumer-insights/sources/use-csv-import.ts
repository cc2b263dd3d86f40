import { useQueryClient } from '@tanstack/react-query';
import { type Dispatch, type SetStateAction, useEffect, useRef, useState } from 'react';
import { guessCsvMapping } from '../../../../shared/csv-header.ts';
import type { TBrand } from '../../../../shared/schemas/brands.ts';
import {
  isTaskRunning,
  type TCsvColumnRole,
  type TImportResult,
  type TImportTask,
} from '../../../../shared/schemas/insight-sources.ts';
import type { TInsightSource } from '../../../../shared/schemas/insights.ts';
import { toast } from '../../../hooks/use-toast.ts';
import { errorDisplayMessage, isUnauthorizedError } from '../../../lib/api.ts';
import { notifyError } from '../../audits-shared/notify-error.ts';
import { previewCsvFile } from './csv-file-preview.ts';
import { consumerInsightsQueryPrefix, importQueryKey, useImportTask } from './source-queries.ts';
import { uploadWithProgress } from './upload-with-progress.ts';

export type CsvMappingState = Record<TCsvColumnRole, string | null>;
export type ImportPhase =
  | { name: 'choose' }
  | { name: 'uploading'; fraction: number }
  | { name: 'processing'; taskId: string }
  | { name: 'done'; result: TImportResult };

export const emptyMapping = (): CsvMappingState => ({
  content: null,
  author: null,
  date: null,
  rating: null,
  platform: null,
});
const count = (value: number) => value.toLocaleString('en-GB');
const NOT_COMPLETED = 'The import could not be completed.';

/** Follows the server's import task to its end: the summary, the lists refreshed, or the reason it failed. */
function useFollowImport(
  phase: ImportPhase,
  setPhase: Dispatch<SetStateAction<ImportPhase>>,
  setProblem: Dispatch<SetStateAction<string | null>>,
) {
  const queryClient = useQueryClient();
  const task = useImportTask(phase.name === 'processing' ? phase.taskId : null);

  useEffect(() => {
    const current = task.data;
    if (phase.name !== 'processing' || !current || current.id !== phase.taskId || isTaskRunning(current)) return;
    void queryClient.invalidateQueries({ queryKey: consumerInsightsQueryPrefix });
    if (current.status === 'completed' && current.result) {
      setPhase({ name: 'done', result: current.result });
      const { added, fileName } = current.result;
      toast({ title: 'CSV Imported', description: `Added ${count(added)} insights from ${fileName}.` });
    } else {
      setPhase({ name: 'choose' });
      setProblem(current.error || NOT_COMPLETED);
      toast({ title: 'Import Failed', description: current.error || NOT_COMPLETED, variant: 'destructive' });
    }
  }, [task.data, phase, queryClient, setPhase, setProblem]);

  // An import that can no longer be read (signed out, gone) stops being followed.
  useEffect(() => {
    if (phase.name !== 'processing' || !task.error) return;
    setPhase({ name: 'choose' });
    if (isUnauthorizedError(task.error)) notifyError(task.error, 'Import Failed', 'The import could not be followed');
    else setProblem(errorDisplayMessage(task.error, 'The import could not be followed'));
  }, [task.error, phase.name, setPhase, setProblem]);

  return task.data;
}

/**
 * The CSV import's state and steps: choose a file (its header row read here and the mapping
 * guessed), upload it with progress, then follow the server's task. Kept by the dialog's owner, so
 * an import keeps being followed while the dialog is closed.
 */
export function useCsvImport(brand: TBrand) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [headers, setHeaders] = useState<string[]>([]);
  const [mapping, setMapping] = useState<CsvMappingState>(emptyMapping);
  const [source, setSource] = useState<TInsightSource>('reviews');
  const [phase, setPhase] = useState<ImportPhase>({ name: 'choose' });
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useRef<AbortController | null>(null);
  const task = useFollowImport(phase, setPhase, setProblem);

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
    const preview = await previewCsvFile(chosen, guessCsvMapping);
    if (!preview.ok) return setProblem(preview.problem);
    setHeaders(preview.headers);
    setMapping({ ...emptyMapping(), ...preview.guessed });
  };

  const start = async () => {
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

  const progress =
    phase.name === 'uploading'
      ? { stage: `Uploading ${file?.name ?? 'the file'}`, percent: phase.fraction * 100 }
      : phase.name === 'processing'
        ? { stage: task?.stage || 'Queued', percent: task?.percent ?? 0 }
        : null;
  return {
    file,
    headers,
    mapping,
    setMapping,
    source,
    setSource,
    phase,
    problem,
    progress,
    working: phase.name === 'uploading' || phase.name === 'processing',
    choose,
    start,
    reset,
    abortUpload: () => upload.current?.abort(),
  };
}
