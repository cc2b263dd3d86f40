import type { CSSProperties, ReactNode } from 'react';
import { cellBackground } from './cell-background.ts';
import { type EmailBlock, emailColours, emailFontStack, textColourOn } from './email-document.ts';

const paragraphStyle: CSSProperties = {
  margin: '0 0 16px',
  fontFamily: emailFontStack,
  fontSize: '16px',
  lineHeight: '24px',
  color: emailColours.text,
};

/** Keeps the line breaks a person typed. */
function withLineBreaks(text: string): ReactNode[] {
  return text.split(/\r?\n/).flatMap((line, index) => (index === 0 ? [line] : [<br key={index} />, line]));
}

function Figures({ rows }: { rows: { label: string; value: string }[] }) {
  return (
    <table
      role="presentation"
      width="100%"
      cellPadding={0}
      cellSpacing={0}
      style={{ borderCollapse: 'collapse', margin: '0 0 20px', border: `1px solid ${emailColours.rule}` }}
    >
      <tbody>
        {rows.map((row, index) => (
          <tr
            key={`${row.label}-${index}`}
            style={{ backgroundColor: index % 2 ? emailColours.white : emailColours.panel }}
          >
            <td
              style={{
                padding: '10px 14px',
                fontFamily: emailFontStack,
                fontSize: '14px',
                lineHeight: '20px',
                color: emailColours.muted,
                borderBottom: `1px solid ${emailColours.rule}`,
              }}
            >
              {row.label}
            </td>
            <td
              align="right"
              style={{
                padding: '10px 14px',
                fontFamily: emailFontStack,
                fontSize: '15px',
                lineHeight: '20px',
                fontWeight: 600,
                color: emailColours.ink,
                borderBottom: `1px solid ${emailColours.rule}`,
              }}
            >
              {row.value}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Quote({ text, cite }: { text: string; cite?: string }) {
  return (
    <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ margin: '0 0 16px' }}>
      <tbody>
        <tr>
          <td
            style={{
              borderLeft: `4px solid ${emailColours.rule}`,
              padding: '4px 0 4px 16px',
              fontFamily: emailFontStack,
              fontSize: '15px',
              lineHeight: '22px',
              fontStyle: 'italic',
              color: emailColours.text,
            }}
          >
            “{withLineBreaks(text)}”
            {cite && (
              <div style={{ marginTop: '6px', fontStyle: 'normal', fontSize: '13px', color: emailColours.muted }}>
                — {cite}
              </div>
            )}
          </td>
        </tr>
      </tbody>
    </table>
  );
}

/** A button that Outlook draws too: a coloured table cell around the link. */
function Button({ label, url, accent }: { label: string; url: string; accent: string }) {
  return (
    <table role="presentation" cellPadding={0} cellSpacing={0} style={{ margin: '8px 0 24px' }}>
      <tbody>
        <tr>
          <td {...cellBackground(accent)} style={{ borderRadius: '6px', backgroundColor: accent }}>
            <a
              href={url}
              target="_blank"
              rel="noopener"
              style={{
                display: 'inline-block',
                padding: '12px 22px',
                fontFamily: emailFontStack,
                fontSize: '15px',
                fontWeight: 600,
                lineHeight: '20px',
                color: textColourOn(accent),
                textDecoration: 'none',
                borderRadius: '6px',
              }}
            >
              {label}
            </a>
          </td>
        </tr>
      </tbody>
    </table>
  );
}

export function Block({ block, accent }: { block: EmailBlock; accent: string }) {
  switch (block.type) {
    case 'heading':
      return (
        <h2
          style={{
            margin: '24px 0 12px',
            fontFamily: emailFontStack,
            fontSize: '18px',
            lineHeight: '24px',
            fontWeight: 700,
            color: emailColours.ink,
          }}
        >
          {block.text}
        </h2>
      );
    case 'paragraph':
      return <p style={paragraphStyle}>{withLineBreaks(block.text)}</p>;
    case 'figures':
      return <Figures rows={block.rows} />;
    case 'quote':
      return <Quote text={block.text} cite={block.cite} />;
    case 'button':
      return <Button label={block.label} url={block.url} accent={accent} />;
    case 'list':
      return (
        <ul style={{ ...paragraphStyle, paddingLeft: '22px' }}>
          {block.items.map((item, index) => (
            <li key={`${item}-${index}`} style={{ margin: '0 0 6px' }}>
              {item}
            </li>
          ))}
        </ul>
      );
    case 'note':
      return (
        <p style={{ ...paragraphStyle, fontSize: '13px', lineHeight: '19px', color: emailColours.muted }}>
          {block.text}
        </p>
      );
  }
}
