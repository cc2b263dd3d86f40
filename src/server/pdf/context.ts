import { formatDate, pdfSafe, pdfSafeDeep } from './text.ts';
import { makeTheme, type TReportTheme } from './theme.ts';

export type TPdfBranding = {
  companyName: string;
  primaryColor: string;
  secondaryColor: string;
  logo?: Buffer | null;
  headerText?: string | null;
  footerText?: string | null;
  contactEmail?: string | null;
  contactPhone?: string | null;
  website?: string | null;
};

/** What every part of the report needs to know besides the audit itself. */
export type TReportContext = {
  theme: TReportTheme;
  brandName: string;
  /** what the document is, in lower case, for the page header and footer: 'brand audit' */
  documentKind: string;
  /** en-GB date the audit finished (or started, if it has no finish time) */
  auditDate: string | null;
  generatedOn: string | null;
  branding: TPdfBranding | null;
  /** the branding logo as PNG, ready for the PDF; null when absent or unreadable */
  logoPng: Buffer | null;
};

export function footerLabel(ctx: TReportContext): string {
  if (!ctx.branding) return `Brandlens ${ctx.documentKind}`;
  return ctx.branding.footerText?.trim() || `${ctx.branding.companyName} ${ctx.documentKind}`;
}

/** A white label's contact details, e-mail, phone and website, those that are set. */
export function brandingContacts(ctx: TReportContext): string[] {
  const branding = ctx.branding;
  return [branding?.contactEmail, branding?.contactPhone, branding?.website].filter((value): value is string =>
    Boolean(value?.trim()),
  );
}

export function headerLabel(ctx: TReportContext): string {
  return ctx.branding?.headerText?.trim() || ctx.branding?.companyName || 'Brandlens';
}

/** Any image format sharp reads (PNG, JPEG, WebP, GIF, SVG) becomes a modest PNG; anything else is dropped. */
async function logoToPng(logo: Buffer | null | undefined): Promise<Buffer | null> {
  if (!logo || logo.length === 0) return null;
  try {
    const { default: sharp } = await import('sharp');
    return await sharp(logo, { density: 300 })
      .resize({ height: 240, width: 720, fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch {
    return null;
  }
}

/** The context for one document: text made safe for the standard fonts, theme from the branding, logo as PNG. */
export async function buildReportContext(input: {
  brandName: string;
  documentKind: string;
  auditDate: string | Date | null | undefined;
  generatedAt: Date;
  branding: TPdfBranding | null | undefined;
}): Promise<TReportContext> {
  const { logo, ...brandingText } = input.branding ?? {};
  const branding = input.branding ? { ...pdfSafeDeep(brandingText as Omit<TPdfBranding, 'logo'>), logo } : null;
  return {
    theme: makeTheme(branding?.primaryColor, branding?.secondaryColor),
    brandName: pdfSafe(input.brandName),
    documentKind: input.documentKind,
    auditDate: formatDate(input.auditDate),
    generatedOn: formatDate(input.generatedAt),
    branding,
    logoPng: await logoToPng(logo),
  };
}
