import { Document, Page, renderToBuffer, StyleSheet, Text } from '@react-pdf/renderer';
import type { ReactNode } from 'react';
import sharp from 'sharp';
import type { TAuditDetail } from '../../shared/schemas/audits.ts';
import { AboutReport } from './components/about.tsx';
import { CoverSummary } from './components/cover.tsx';
import { AreaSection } from './components/findings.tsx';
import { HEADER_HEIGHT, PAGE_MARGIN_X, PageFooter, PageHeader } from './components/page-chrome.tsx';
import { SectionTitle } from './components/primitives.tsx';
import { RecommendationsTable } from './components/recommendations-table.tsx';
import { StrengthsWeaknesses } from './components/strengths-weaknesses.tsx';
import type { TPdfBranding, TReportContext } from './context.ts';
import { areas, formatDate, pdfSafe, pdfSafeDeep } from './text.ts';
import { colours, FONT, FONT_ITALIC, makeTheme } from './theme.ts';

export type { TPdfBranding } from './context.ts';

export type TRenderAuditReportOptions = {
  branding?: TPdfBranding | null;
  /** shown on the cover as the report date; defaults to now */
  generatedAt?: Date;
};

const styles = StyleSheet.create({
  page: {
    fontFamily: FONT,
    fontSize: 9,
    color: colours.text,
    paddingTop: HEADER_HEIGHT + 26,
    paddingBottom: 58,
    paddingHorizontal: PAGE_MARGIN_X,
  },
  cover: { paddingTop: 40 },
  empty: { fontFamily: FONT_ITALIC, fontSize: 9.5, color: colours.muted },
});

/** Any image format sharp reads (PNG, JPEG, WebP, GIF, SVG) becomes a modest PNG; anything else is dropped. */
async function logoToPng(logo: Buffer | null | undefined): Promise<Buffer | null> {
  if (!logo || logo.length === 0) return null;
  try {
    return await sharp(logo, { density: 300 })
      .resize({ height: 240, width: 720, fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch {
    return null;
  }
}

function AuditReport({ audit, ctx }: { audit: TAuditDetail; ctx: TReportContext }) {
  const title = `${ctx.brandName}: brand audit`;
  const maker = ctx.branding?.companyName ?? 'Brandlens';
  const analysis = audit.analysis;
  return (
    <Document
      title={title}
      subject={`Brand audit of ${ctx.brandName}`}
      author={maker}
      creator={maker}
      producer={maker}
      language="en-GB"
    >
      <Page size="A4" style={[styles.page, styles.cover]}>
        <CoverSummary audit={audit} ctx={ctx} />
        <PageFooter ctx={ctx} />
      </Page>
      <ContentPage ctx={ctx}>
        <StrengthsWeaknesses audit={audit} ctx={ctx} />
        <RecommendationsTable recommendations={audit.recommendations} ctx={ctx} />
        {analysis ? null : (
          <>
            <SectionTitle title="Detailed findings" accent={ctx.theme.secondary} spaceAbove={26} />
            <Text style={styles.empty}>Detailed findings are not available for this audit.</Text>
            <AboutReport audit={audit} ctx={ctx} />
          </>
        )}
      </ContentPage>
      {/* One page flow per area: each starts on a fresh page, and long areas paginate on their own. */}
      {analysis
        ? areas.map((area, i) => (
            <ContentPage key={area} ctx={ctx}>
              <AreaSection audit={audit} area={area} ctx={ctx} />
              {i === areas.length - 1 ? <AboutReport audit={audit} ctx={ctx} /> : null}
            </ContentPage>
          ))
        : null}
    </Document>
  );
}

function ContentPage({ ctx, children }: { ctx: TReportContext; children: ReactNode }) {
  return (
    <Page size="A4" style={styles.page}>
      <PageHeader ctx={ctx} />
      {children}
      <PageFooter ctx={ctx} />
    </Page>
  );
}

/**
 * Renders a completed audit as a designed A4 PDF: summary with the score gauge, strengths and
 * weaknesses, prioritised recommendations, then every check with its evidence, area by area.
 */
export async function renderAuditReportPdf(
  audit: TAuditDetail,
  options: TRenderAuditReportOptions = {},
): Promise<Buffer> {
  const safeAudit = pdfSafeDeep(audit);
  const { logo, ...brandingText } = options.branding ?? {};
  const branding = options.branding ? { ...pdfSafeDeep(brandingText as Omit<TPdfBranding, 'logo'>), logo } : null;
  const ctx: TReportContext = {
    theme: makeTheme(branding?.primaryColor, branding?.secondaryColor),
    brandName: pdfSafe(audit.brand.name || audit.brandName || 'Your brand'),
    auditDate: formatDate(audit.completedAt ?? audit.createdAt),
    generatedOn: formatDate(options.generatedAt ?? new Date()),
    branding,
    logoPng: await logoToPng(logo),
  };
  return renderToBuffer(<AuditReport audit={safeAudit} ctx={ctx} />);
}
