/**
 * The PDF documents bring @react-pdf/renderer, React, its fonts and sharp. They load at the first
 * download rather than when the server starts, so a server that renders no PDF never holds them.
 */
export async function loadAuditReportRenderer() {
  return (await import('./render-audit-report.tsx')).renderAuditReportPdf;
}

export async function loadMarketingRecommendationsRenderer() {
  return (await import('./render-marketing-recommendations.tsx')).renderMarketingRecommendationsPdf;
}

export async function loadSentimentPdfRenderer() {
  return (await import('./render-sentiment-pdf.tsx')).renderSentimentPdf;
}

export async function loadCompetitivePdfRenderer() {
  return (await import('./render-competitive-pdf.tsx')).renderCompetitivePdf;
}
