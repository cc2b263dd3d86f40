/**
 * The one name each PDF document goes by, wherever it leaves the server: the download routes'
 * Content-Disposition and the e-mails that attach it. `brandlens-<brand>-<kind>-<date>.pdf`, in
 * lower-case ASCII so every mail client and file system keeps it as it is.
 */
import { REPORT_TIME_ZONE } from '../../shared/sentiment-report-format.ts';

export type TSentimentPeriod = 'daily' | 'weekly' | 'monthly';

export type TPdfDocumentKind =
  | 'audit'
  | 'marketing-recommendations'
  | 'consumer-insights'
  | `${TSentimentPeriod}-sentiment-report`
  | 'competitive-analysis';

/** Long brand names are cut here, so the whole name stays readable in a file list. */
const MAX_SLUG_LENGTH = 60;

/** 'Café Noir & Co.' → 'cafe-noir-co'; 'brand' when nothing of the name is left. */
export function brandSlug(brandName: string): string {
  const slug = brandName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/^-+|-+$/g, '');
  return slug || 'brand';
}

/** The document's day in UK time (the product's report time zone), as YYYY-MM-DD. */
const ukDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: REPORT_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/**
 * `date` is the document's own date (the audit's, the report's), not the moment of sending, so a
 * download and an e-mail of the same document carry the same name on any day.
 */
export function pdfDocumentFileName({
  brandName,
  kind,
  date,
}: {
  brandName: string;
  kind: TPdfDocumentKind;
  date: Date;
}): string {
  return `brandlens-${brandSlug(brandName)}-${kind}-${ukDay.format(date)}.pdf`;
}
