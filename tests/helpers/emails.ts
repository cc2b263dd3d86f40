import { Document, Page, renderToBuffer, Text } from '@react-pdf/renderer';
import { eq } from 'drizzle-orm';
import { createElement } from 'react';
import { z } from 'zod';
import { brands } from '../../src/server/db/schema/index.ts';
import { defineEmailComposer, EmailNotSendableError, registerEmailComposer } from '../../src/server/emails/index.ts';
import { renderEmail } from '../../src/server/emails/templates/render-email.tsx';

/** A one-page PDF, rendered the way product composers render theirs: inside the send job. */
async function renderTinyPdf(title: string): Promise<Buffer> {
  const page = createElement(Page, { size: 'A4' }, createElement(Text, null, `Test report: ${title}`));
  return renderToBuffer(createElement(Document, { title }, page));
}

/**
 * A test-only e-mail about one brand, with a PDF attached. It reads the brand when it is sent, as
 * product composers do, and refuses (without retries) when the brand no longer exists.
 */
export const testReportEmail = defineEmailComposer({
  kind: 'test-brand-report',
  params: z.object({ brandId: z.uuid(), note: z.string().max(500).optional() }),
  async compose(deps, params) {
    const [brand] = await deps.db.select().from(brands).where(eq(brands.id, params.brandId));
    if (!brand) throw new EmailNotSendableError('The brand this report is about was deleted');
    const { html, text } = renderEmail({
      preheader: `The latest figures for ${brand.name}`,
      title: `${brand.name}: test report`,
      blocks: [
        { type: 'paragraph', text: params.note ?? 'Here is the report you asked for.' },
        { type: 'figures', rows: [{ label: 'Brand', value: brand.name }] },
        { type: 'quote', text: 'Lovely coffee, slow service.', cite: 'A reviewer' },
        { type: 'button', label: 'Open Brandlens', url: deps.config.publicUrl },
      ],
      footerNote: 'You received this because someone sent you a Brandlens report.',
      publicUrl: deps.config.publicUrl,
    });
    return {
      subject: `${brand.name} test report`,
      html,
      text,
      attachments: [
        {
          filename: `${brand.name}-report.pdf`,
          contentType: 'application/pdf',
          content: await renderTinyPdf(brand.name),
        },
      ],
    };
  },
});

registerEmailComposer(testReportEmail);
