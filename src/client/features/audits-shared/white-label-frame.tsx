import { Globe, Mail, Phone } from 'lucide-react';
import type { CSSProperties, ReactNode } from 'react';
import type { TReportBranding } from '../../../shared/schemas/audits.ts';

const HEX = /^#(?:[0-9a-f]{3}){1,2}$/i;

function safeColour(value: string, fallback: string): string {
  return HEX.test(value.trim()) ? value.trim() : fallback;
}

function relativeLuminance(hex: string): number {
  let digits = hex.replace('#', '');
  if (digits.length === 3) digits = [...digits].map((d) => d + d).join('');
  const channel = (offset: number) => {
    const value = Number.parseInt(digits.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
}

const NEAR_BLACK = '#111827';
const NEAR_BLACK_LUMINANCE = relativeLuminance(NEAR_BLACK);

/** WCAG contrast ratio between two colours' relative luminances. */
function contrast(a: number, b: number): number {
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/** Black or white, whichever reads better on the colour. */
export function readableTextOn(hex: string): '#ffffff' | '#111827' {
  const luminance = relativeLuminance(hex);
  return contrast(luminance, 1) >= contrast(luminance, NEAR_BLACK_LUMINANCE) ? '#ffffff' : NEAR_BLACK;
}

/** The agency colour replaces the product's accent only where text in it stays readable on white (AA). */
function accentStyle(primary: string): CSSProperties | undefined {
  const luminance = relativeLuminance(primary);
  if (contrast(luminance, 1) < 4.5) return undefined;
  return { '--primary': primary, '--primary-foreground': '#ffffff', '--ring': primary } as CSSProperties;
}

function webAddress(value: string | null): string | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^https?:\/\//i.test(trimmed)) return trimmed;
  return /^[a-z0-9.-]+\.[a-z]{2,}(\/.*)?$/i.test(trimmed) ? `https://${trimmed}` : null;
}

/** The frame of a shared report whose owner has white-label branding: their name, logo, colours and contact. */
export function WhiteLabelFrame({
  branding,
  logoSrc,
  children,
}: {
  branding: TReportBranding;
  /** The branding logo's address when the owner has one. */
  logoSrc: string | null;
  children: ReactNode;
}) {
  const primary = safeColour(branding.primaryColor, '#4f46e5');
  const secondary = safeColour(branding.secondaryColor, primary);
  const onPrimary = readableTextOn(primary);
  const website = webAddress(branding.website);
  const hasContact = branding.contactEmail || branding.contactPhone || website;

  return (
    <div className="flex min-h-dvh flex-col bg-muted/30" data-testid="white-label-frame" style={accentStyle(primary)}>
      <header style={{ backgroundColor: primary, color: onPrimary, borderBottom: `4px solid ${secondary}` }}>
        <div className="mx-auto flex min-h-16 w-full max-w-5xl items-center gap-3 px-4 py-3 sm:px-6">
          {logoSrc && (
            <img src={logoSrc} alt="" className="h-10 w-auto max-w-36 rounded-md bg-white/90 object-contain p-1" />
          )}
          <span className="min-w-0 truncate font-bold text-lg tracking-tight">{branding.companyName}</span>
        </div>
        {branding.headerText && (
          <div className="mx-auto w-full max-w-5xl px-4 pb-3 text-sm opacity-90 sm:px-6">{branding.headerText}</div>
        )}
      </header>
      <main className="mx-auto w-full max-w-5xl flex-1 px-4 py-8 sm:px-6">{children}</main>
      <footer className="border-t bg-background py-6 text-muted-foreground text-sm">
        <div className="mx-auto flex w-full max-w-5xl flex-col gap-3 px-4 sm:px-6">
          {branding.footerText && <p>{branding.footerText}</p>}
          {hasContact && (
            <ul className="flex flex-wrap gap-x-5 gap-y-2" aria-label={`Contact ${branding.companyName}`}>
              {branding.contactEmail && (
                <li>
                  <a
                    className="inline-flex items-center gap-1.5 hover:text-foreground"
                    href={`mailto:${branding.contactEmail}`}
                  >
                    <Mail aria-hidden="true" className="size-4" style={{ color: primary }} />
                    {branding.contactEmail}
                  </a>
                </li>
              )}
              {branding.contactPhone && (
                <li>
                  <a
                    className="inline-flex items-center gap-1.5 hover:text-foreground"
                    href={`tel:${branding.contactPhone.replace(/[^\d+]/g, '')}`}
                  >
                    <Phone aria-hidden="true" className="size-4" style={{ color: primary }} />
                    {branding.contactPhone}
                  </a>
                </li>
              )}
              {website && (
                <li>
                  <a
                    className="inline-flex items-center gap-1.5 hover:text-foreground"
                    href={website}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    <Globe aria-hidden="true" className="size-4" style={{ color: primary }} />
                    {branding.website}
                  </a>
                </li>
              )}
            </ul>
          )}
          <p className="text-xs">
            © {new Date().getFullYear()} {branding.companyName}
          </p>
        </div>
      </footer>
    </div>
  );
}
