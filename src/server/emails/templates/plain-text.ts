import { DEFAULT_PRODUCT_NAME, type EmailBlock, type EmailDocument } from './email-document.ts';

const WIDTH = 72;

/** Word-wraps one line at 72 columns; a word longer than that (a URL) stays whole on its own line. */
function wrap(line: string, indent = ''): string[] {
  const words = line.split(/\s+/).filter(Boolean);
  if (words.length === 0) return [indent.trimEnd()];
  const lines: string[] = [];
  let current = '';
  for (const word of words) {
    if (current && indent.length + current.length + 1 + word.length > WIDTH) {
      lines.push(indent + current);
      current = word;
    } else {
      current = current ? `${current} ${word}` : word;
    }
  }
  lines.push(indent + current);
  return lines;
}

function wrapText(text: string, indent = ''): string {
  return text
    .split(/\r?\n/)
    .flatMap((line) => wrap(line, indent))
    .join('\n');
}

function underline(text: string, character: string): string {
  return `${text}\n${character.repeat(Math.min(WIDTH, [...text].length))}`;
}

function blockText(block: EmailBlock): string {
  switch (block.type) {
    case 'heading':
      return underline(block.text, '-');
    case 'paragraph':
      return wrapText(block.text);
    case 'figures': {
      const labelWidth = Math.max(...block.rows.map((row) => [...row.label].length));
      return block.rows.map((row) => `${row.label.padEnd(labelWidth)}  ${row.value}`).join('\n');
    }
    case 'quote':
      return [wrapText(`“${block.text}”`, '> '), ...(block.cite ? [`> — ${block.cite}`] : [])].join('\n');
    case 'button':
      return `${block.label}:\n${block.url}`;
    case 'list':
      return block.items.map((item) => wrap(item, '  ').join('\n').replace(/^ {2}/, '- ')).join('\n');
    case 'note':
      return wrapText(block.text);
  }
}

/** The plain-text part: the same content as the HTML, for clients and readers that do not show HTML. */
export function renderPlainText(document: EmailDocument): string {
  const productName = document.productName?.trim() || DEFAULT_PRODUCT_NAME;
  const { whiteLabel } = document;
  const signature = whiteLabel
    ? [
        ...whiteLabel.footerLines.map((line) => wrapText(line)),
        whiteLabel.website ? `${productName} · ${whiteLabel.website}` : productName,
      ].join('\n')
    : `${productName} · ${document.publicUrl}`;
  const parts = [
    ...(whiteLabel?.headerText ? [wrapText(whiteLabel.headerText)] : []),
    underline(document.title, '='),
    ...document.blocks.map(blockText),
    `-- \n${wrapText(document.footerNote)}\n${document.unsubscribeUrl ? `Unsubscribe: ${document.unsubscribeUrl}\n` : ''}${signature}`,
  ];
  return `${parts.join('\n\n')}\n`;
}
