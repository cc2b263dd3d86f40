import type { CSSProperties, ReactNode } from 'react';
import { cellBackground } from './cell-background.ts';
import {
  accentOf,
  DEFAULT_PRODUCT_NAME,
  type EmailDocument,
  type EmailWhiteLabel,
  emailColours,
  emailFontStack,
  textColourOn,
} from './email-document.ts';

/** Outlook's own property for hiding an element; React writes it as mso-hide. */
const outlookHidden = { msoHide: 'all' } as CSSProperties;

/** Hidden from the message, read by inbox lists as the line after the subject. */
function Preheader({ text }: { text: string }) {
  return (
    <div
      style={{
        ...outlookHidden,
        display: 'none',
        maxHeight: 0,
        maxWidth: 0,
        overflow: 'hidden',
        opacity: 0,
        fontSize: '1px',
        lineHeight: '1px',
        color: emailColours.page,
      }}
    >
      {text}
    </div>
  );
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** A white label's logo address made absolute: mail clients fetch images from the message alone. */
function absoluteUrl(url: string, publicUrl: string): string {
  try {
    return new URL(url, publicUrl).toString();
  } catch {
    return url;
  }
}

/** The header: the product's name, or a white label's logo, company name and header line. */
function Header({ document, accent }: { document: EmailDocument; accent: string }) {
  const productName = document.productName?.trim() || DEFAULT_PRODUCT_NAME;
  const whiteLabel = document.whiteLabel;
  const onAccent = textColourOn(accent);
  return (
    <td
      {...cellBackground(accent)}
      style={{
        backgroundColor: accent,
        padding: '18px 32px',
        borderRadius: '10px 10px 0 0',
        fontFamily: emailFontStack,
        fontSize: '20px',
        lineHeight: '28px',
        fontWeight: 700,
        color: onAccent,
      }}
    >
      {whiteLabel?.logoUrl && (
        <img
          src={absoluteUrl(whiteLabel.logoUrl, document.publicUrl)}
          alt={productName}
          height={40}
          style={{
            display: 'block',
            height: '40px',
            width: 'auto',
            maxWidth: '200px',
            margin: '0 0 10px',
            padding: '4px',
            backgroundColor: emailColours.white,
            borderRadius: '4px',
            border: 0,
          }}
        />
      )}
      {productName}
      {whiteLabel?.headerText && (
        <div style={{ fontSize: '14px', lineHeight: '20px', fontWeight: 400, marginTop: '4px', color: onAccent }}>
          {whiteLabel.headerText}
        </div>
      )}
    </td>
  );
}

/** The footer's last lines: a white label's footer and contacts, or the product's name and address. */
function FooterSignature({
  productName,
  publicUrl,
  whiteLabel,
}: {
  productName: string;
  publicUrl: string;
  whiteLabel: EmailWhiteLabel | undefined;
}) {
  const linkStyle = { color: emailColours.muted, textDecoration: 'underline' };
  if (!whiteLabel) {
    return (
      <p style={{ margin: 0 }}>
        {productName} ·{' '}
        <a href={publicUrl} style={linkStyle}>
          {hostOf(publicUrl)}
        </a>
      </p>
    );
  }
  return (
    <>
      {whiteLabel.footerLines.map((line) => (
        <p key={line} style={{ margin: '0 0 4px' }}>
          {line}
        </p>
      ))}
      <p style={{ margin: 0 }}>
        {productName}
        {whiteLabel.website && (
          <>
            {' · '}
            <a href={whiteLabel.website} style={linkStyle}>
              {hostOf(whiteLabel.website)}
            </a>
          </>
        )}
      </p>
    </>
  );
}

/**
 * Every product e-mail's frame: a 600-pixel table (the layout Gmail and Outlook both draw), a header
 * with the product name (or a white label's), the content on white, and a footer saying why the reader got it. Styles
 * are inline: many mail clients drop <style> blocks.
 */
export function EmailLayout({ document, children }: { document: EmailDocument; children: ReactNode }) {
  const accent = accentOf(document);
  const productName = document.productName?.trim() || DEFAULT_PRODUCT_NAME;
  return (
    <html lang="en-GB">
      <head>
        <meta httpEquiv="Content-Type" content="text/html; charset=UTF-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
        <title>{document.title}</title>
      </head>
      <body style={{ margin: 0, padding: 0, backgroundColor: emailColours.page, width: '100%' }}>
        <Preheader text={document.preheader} />
        <table
          role="presentation"
          width="100%"
          cellPadding={0}
          cellSpacing={0}
          bgcolor={emailColours.page}
          style={{ backgroundColor: emailColours.page, borderCollapse: 'collapse' }}
        >
          <tbody>
            <tr>
              <td align="center" style={{ padding: '24px 12px' }}>
                <table
                  role="presentation"
                  width={600}
                  cellPadding={0}
                  cellSpacing={0}
                  style={{ width: '100%', maxWidth: '600px', borderCollapse: 'collapse' }}
                >
                  <tbody>
                    <tr>
                      <Header document={document} accent={accent} />
                    </tr>
                    <tr>
                      <td
                        {...cellBackground(emailColours.white)}
                        style={{
                          backgroundColor: emailColours.white,
                          padding: '32px',
                          borderLeft: `1px solid ${emailColours.rule}`,
                          borderRight: `1px solid ${emailColours.rule}`,
                        }}
                      >
                        <h1
                          style={{
                            margin: '0 0 20px',
                            fontFamily: emailFontStack,
                            fontSize: '24px',
                            lineHeight: '32px',
                            fontWeight: 700,
                            color: emailColours.ink,
                          }}
                        >
                          {document.title}
                        </h1>
                        {children}
                      </td>
                    </tr>
                    <tr>
                      <td
                        {...cellBackground(emailColours.panel)}
                        style={{
                          backgroundColor: emailColours.panel,
                          padding: '20px 32px',
                          border: `1px solid ${emailColours.rule}`,
                          borderRadius: '0 0 10px 10px',
                          fontFamily: emailFontStack,
                          fontSize: '13px',
                          lineHeight: '19px',
                          color: emailColours.muted,
                        }}
                      >
                        <p style={{ margin: '0 0 8px' }}>{document.footerNote}</p>
                        {document.unsubscribeUrl && (
                          <p style={{ margin: '0 0 8px' }}>
                            <a
                              href={document.unsubscribeUrl}
                              style={{ color: emailColours.muted, textDecoration: 'underline' }}
                            >
                              Unsubscribe
                            </a>
                          </p>
                        )}
                        <FooterSignature
                          productName={productName}
                          publicUrl={document.publicUrl}
                          whiteLabel={document.whiteLabel}
                        />
                      </td>
                    </tr>
                  </tbody>
                </table>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  );
}
