import type { TReportTheme } from './theme.ts';

export type TPdfBranding = {
  companyName: string;
  primaryColor: string;
  secondaryColor: string;
  logo?: Buffer | null;
  headerText?: string | null;
  footerText?: string | null;
  contactEmail?: string | null;
  website?: string | null;
};

/** What every part of the report needs to know besides the audit itself. */
export type TReportContext = {
  theme: TReportTheme;
  brandName: string;
  /** en-GB date the audit finished (or started, if it has no finish time) */
  auditDate: string | null;
  generatedOn: string | null;
  branding: TPdfBranding | null;
  /** the branding logo as PNG, ready for the PDF; null when absent or unreadable */
  logoPng: Buffer | null;
};

export function footerLabel(ctx: TReportContext): string {
  if (!ctx.branding) return 'Brandlens brand audit';
  return ctx.branding.footerText?.trim() || `${ctx.branding.companyName} brand audit`;
}

export function headerLabel(ctx: TReportContext): string {
  return ctx.branding?.headerText?.trim() || ctx.branding?.companyName || 'Brandlens';
}
