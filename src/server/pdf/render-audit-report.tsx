import { Document, renderToBuffer, StyleSheet, Text } from '@react-pdf/renderer';
import type { TAuditDetail } from '../../shared/schemas/audits.ts';
import { AboutReport } from './components/about.tsx';
import { CoverSummary } from './components/cover.tsx';
import { AreaSection } from './components/findings.tsx';
import { ContentPage, CoverPage } from './components/page-chrome.tsx';
import { SectionTitle } from './components/primitives.tsx';
import { RecommendationsTable } from './components/recommendations-table.tsx';
import { StrengthsWeaknesses } from './components/strengths-weaknesses.tsx';
import { buildReportContext, type TPdfBranding, type TReportContext } from './context.ts';
import { areas, pdfSafeDeep } from './text.ts';
import { colours, FONT_ITALIC } from './theme.ts';

export type { TPdfBranding } from './context.ts';

export type TRenderAuditReportOptions = {
  branding?: TPdfBranding | null;
  /** shown on the cover as the report date; defaults to now */
  generatedAt?: Date;
};

const styles = StyleSheet.create({
  empty: { fontFamily: FONT_ITALIC, fontSize: 9.5, color: colours.muted },
});

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
      <CoverPage ctx={ctx}>
        <CoverSummary audit={audit} ctx={ctx} />
      </CoverPage>
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

/**
 * Renders a completed audit as a designed A4 PDF: summary with the score gauge, strengths and
 * weaknesses, prioritised recommendations, then every check with its evidence, area by area.
 */
export async function renderAuditReportPdf(
  audit: TAuditDetail,
  options: TRenderAuditReportOptions = {},
): Promise<Buffer> {
  const ctx = await buildReportContext({
    brandName: audit.brand.name || audit.brandName || 'Your brand',
    documentKind: 'brand audit',
    auditDate: audit.completedAt ?? audit.createdAt,
    generatedAt: options.generatedAt ?? new Date(),
    branding: options.branding,
  });
  const safeAudit = pdfSafeDeep(audit);
  return renderToBuffer(<AuditReport audit={safeAudit} ctx={ctx} />);
}
