import {
  type TAggregateRating,
  type TCompetitorDiscoveryTask,
  type TDiscoveryTask,
  type TImportTask,
  type TInsightSourceDto,
  ZCompetitorDiscoveryResult,
  ZDiscoveryResult,
  ZImportResult,
} from '../../../shared/schemas/insight-sources.ts';
import type { TaskKinds } from '../../http/access.ts';
import type { TaskRow } from '../tasks/task-progress.ts';
import type { SourceRow } from './read-source.ts';

export const DISCOVERY_KIND = 'discovery:insights';
export const IMPORT_KIND = 'import:insights-csv';
/** 'discovery:' too: one discovery at a time per user covers the brand's and its competitors'. */
export const COMPETITOR_DISCOVERY_KIND = 'discovery:competitor-insights';

/** What each kind's subject id names, for getTaskOrThrow: whoever may see the brand sees the task. */
export const DISCOVERY_TASK: TaskKinds = { [DISCOVERY_KIND]: 'brand' };
export const IMPORT_TASK: TaskKinds = { [IMPORT_KIND]: 'brand' };
export const COMPETITOR_DISCOVERY_TASK: TaskKinds = { [COMPETITOR_DISCOVERY_KIND]: 'competitor' };
export const ANY_DISCOVERY_TASK: TaskKinds = { ...DISCOVERY_TASK, ...COMPETITOR_DISCOVERY_TASK };

export function toSourceDto(row: SourceRow, aggregateRatings: TAggregateRating[] = []): TInsightSourceDto {
  return {
    id: row.id,
    brandId: row.brandId,
    competitorId: row.competitorId,
    kind: row.kind,
    category: row.kind === 'site_reviews' ? 'reviews' : (row.category ?? 'news'),
    url: row.url,
    title: row.title,
    status: row.status,
    lastError: row.lastError,
    lastCheckedAt: row.lastCheckedAt?.toISOString() ?? null,
    itemsAdded: row.itemsAdded,
    createdAt: row.createdAt.toISOString(),
    aggregateRatings,
  };
}

function taskFields(row: TaskRow) {
  return {
    id: row.id,
    status: row.status,
    stage: row.stage,
    percent: row.percent,
    error: row.error,
    brandId: row.subjectId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toDiscoveryTask(row: TaskRow): TDiscoveryTask {
  const result = row.result ? ZDiscoveryResult.safeParse(row.result) : null;
  return { ...taskFields(row), kind: 'discovery:insights', result: result?.success ? result.data : null };
}

export function toImportTask(row: TaskRow): TImportTask {
  const result = row.result ? ZImportResult.safeParse(row.result) : null;
  return { ...taskFields(row), kind: 'import:insights-csv', result: result?.success ? result.data : null };
}

export function toCompetitorDiscoveryTask(row: TaskRow, competitorName: string): TCompetitorDiscoveryTask {
  const result = row.result ? ZCompetitorDiscoveryResult.safeParse(row.result) : null;
  return {
    ...taskFields(row),
    kind: 'discovery:competitor-insights',
    competitorId: row.subjectId,
    competitorName,
    result: result?.success ? result.data : null,
  };
}
