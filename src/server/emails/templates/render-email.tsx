import { renderToStaticMarkup } from 'react-dom/server';
import { Block } from './blocks.tsx';
import { accentOf, type EmailDocument } from './email-document.ts';
import { EmailLayout } from './layout.tsx';
import { renderPlainText } from './plain-text.ts';

export type { EmailBlock, EmailDocument } from './email-document.ts';

/** An e-mail document as its HTML part (with doctype) and its plain-text part. */
export function renderEmail(document: EmailDocument): { html: string; text: string } {
  const accent = accentOf(document);
  const markup = renderToStaticMarkup(
    <EmailLayout document={document}>
      {document.blocks.map((block, index) => (
        // Blocks are a fixed list rendered once: their position is their identity.
        <Block key={index} block={block} accent={accent} />
      ))}
    </EmailLayout>,
  );
  return { html: `<!DOCTYPE html>${markup}`, text: renderPlainText(document) };
}
