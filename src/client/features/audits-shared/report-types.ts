import type { TAuditDetail } from '../../../shared/schemas/audits.ts';

/** What the report view needs: an owner's audit detail or a shared report's audit. */
export type TReportAudit = Omit<TAuditDetail, 'brand' | 'report'>;
