/**
 * An e-mail's content as blocks, rendered twice from the same data: as HTML (layout.tsx, blocks.tsx)
 * and as the plain-text part (plain-text.ts), so the two never say different things.
 */
export type EmailBlock =
  | { type: 'heading'; text: string }
  /** Line breaks in the text are kept. */
  | { type: 'paragraph'; text: string }
  /** Label and value pairs: figures of a report, facts of a message. */
  | { type: 'figures'; rows: { label: string; value: string }[] }
  /** Someone's own words, with where they come from. */
  | { type: 'quote'; text: string; cite?: string }
  | { type: 'button'; label: string; url: string }
  | { type: 'list'; items: string[] }
  /** Small print inside the content: how a figure was measured, what is not measured. */
  | { type: 'note'; text: string };

export type EmailDocument = {
  /** The line mail apps show after the subject in the inbox list; not shown in the message. */
  preheader: string;
  /** The heading at the top of the content. */
  title: string;
  blocks: EmailBlock[];
  /** Why the reader received this message, at the foot of it. */
  footerNote: string;
  /** The app's address, linked in the footer. */
  publicUrl: string;
  /** A notification's unsubscribe link (works without signing in), linked in the footer. */
  unsubscribeUrl?: string;
  /** The name in the header: Brandlens, or an agency's white-label company name. */
  productName?: string;
  /** The header and button colour, #RRGGBB. */
  accentColor?: string;
  /** An agency's white label: its logo, header line and footer, in place of the product's own. */
  whiteLabel?: EmailWhiteLabel;
};

export type EmailWhiteLabel = {
  /** The logo image: an absolute URL, or a path on publicUrl. */
  logoUrl: string | null;
  /** A line under the company name in the header. */
  headerText: string | null;
  /** The footer text and contact lines, one per line. */
  footerLines: string[];
  /** The company's website, linked in the footer instead of the product's address. */
  website: string | null;
};

export const emailColours = {
  ink: '#0F172A',
  text: '#334155',
  muted: '#64748B',
  rule: '#E2E8F0',
  panel: '#F8FAFC',
  page: '#F1F5F9',
  white: '#FFFFFF',
  /** Brandlens indigo */
  brand: '#4F46E5',
} as const;

/** Fonts every mail client has; web fonts are not loaded by most of them. */
export const emailFontStack = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

export const DEFAULT_PRODUCT_NAME = 'Brandlens';

function relativeLuminance(hex: string): number {
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** White or ink, whichever contrasts more with a background colour (#RRGGBB): a pale accent gets ink. */
export function textColourOn(background: string): string {
  const luminance = relativeLuminance(background);
  const onWhite = 1.05 / (luminance + 0.05);
  const onInk = (luminance + 0.05) / (relativeLuminance(emailColours.ink) + 0.05);
  return onWhite >= onInk ? emailColours.white : emailColours.ink;
}

/** An accent given by a white label, or the Brandlens colour when it is not a plain #RRGGBB. */
export function accentOf(document: Pick<EmailDocument, 'accentColor'>): string {
  return document.accentColor && /^#[0-9a-f]{6}$/i.test(document.accentColor)
    ? document.accentColor
    : emailColours.brand;
}
