import { z } from 'zod';

/**
 * Account deletion and data export (UK GDPR: erasure and access). Deletion cannot be undone, so
 * the request carries a phrase the person typed; the export is a zip built by a job.
 */

/** What the Delete Account dialog asks the person to type, exactly (case matters). */
export const DELETE_ACCOUNT_PHRASE = 'DELETE MY ACCOUNT';

export const deleteConfirmationMessage = `Type ${DELETE_ACCOUNT_PHRASE} to confirm that your account should be deleted`;

/** DELETE /api/account */
export const ZDeleteAccountRequest = z.object({
  confirmation: z
    .string(deleteConfirmationMessage)
    .trim()
    .pipe(z.literal(DELETE_ACCOUNT_PHRASE, deleteConfirmationMessage)),
});
export type TDeleteAccountRequest = z.input<typeof ZDeleteAccountRequest>;

export const accountDeletedMessage = 'Your account and all of its data have been deleted.';

export const paymentProviderUnreachableMessage =
  'We could not reach the payment provider to cancel your subscription, so nothing has been deleted. Please try again in a moment.';

/** A zip is kept this long after it is ready, then deleted. */
export const EXPORT_RETENTION_DAYS = 7;

export const exportRunningMessage = 'Your data export is already being prepared.';
export const exportExpiredMessage = 'This export has expired. Please start a new one.';

export const exportStatuses = ['processing', 'ready', 'failed'] as const;

/** GET /api/account/export: the latest export, and where to download it once it is ready. */
export const ZAccountExport = z.object({
  id: z.uuid(),
  status: z.enum(exportStatuses),
  /** 0-100, the job's real progress */
  percent: z.number().int(),
  stage: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** set while the zip can be downloaded (ready and not expired) */
  downloadUrl: z.string().nullable(),
});
export type TAccountExport = z.infer<typeof ZAccountExport>;

export const ZLatestAccountExport = z.object({ export: ZAccountExport.nullable() });
export type TLatestAccountExport = z.infer<typeof ZLatestAccountExport>;

export const accountExportDownloadUrl = (id: string) => `/api/account/export/${id}/download`;
