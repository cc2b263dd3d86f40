import { Globe, Mail, Phone } from 'lucide-react';
import { isHexColour, normaliseHexColour } from '../../../shared/schemas/white-label.ts';
import { readableTextOn } from '../audits-shared/white-label-frame.tsx';

export type PreviewBranding = {
  companyName: string;
  logoSrc: string | null;
  primaryColor: string;
  secondaryColor: string;
  headerText: string;
  footerText: string;
  contactEmail: string;
  contactPhone: string;
  website: string;
};

const colourOr = (value: string, fallback: string) => (isHexColour(value) ? normaliseHexColour(value) : fallback);

/** A placeholder bar where the report's own text goes: the preview shows the frame, never made-up figures. */
function TextBar({ width }: { width: string }) {
  return <span aria-hidden="true" className="block h-2 rounded-full bg-muted" style={{ width }} />;
}

/**
 * How a report leaves the product under these settings, redrawn as they are typed: the header
 * strip in the primary colour with the logo, name and header line, the accent rule in the
 * secondary colour, and the footer with the footer text and contact details.
 */
export function ReportPreview({ branding }: { branding: PreviewBranding }) {
  const primary = colourOr(branding.primaryColor, '#000000');
  const secondary = colourOr(branding.secondaryColor, '#666666');
  const onPrimary = readableTextOn(primary);
  const name = branding.companyName.trim() || 'Your company name';
  const contacts = [
    { icon: Mail, value: branding.contactEmail.trim() },
    { icon: Phone, value: branding.contactPhone.trim() },
    { icon: Globe, value: branding.website.trim() },
  ].filter((contact) => contact.value);

  return (
    <figure aria-label="Report preview" className="overflow-hidden rounded-xl border bg-background shadow-sm">
      <div
        data-testid="preview-header"
        style={{ backgroundColor: primary, color: onPrimary, borderBottom: `4px solid ${secondary}` }}
        className="px-5 py-4"
      >
        <div className="flex items-center gap-3">
          {branding.logoSrc && (
            <img
              src={branding.logoSrc}
              alt={`${name} logo`}
              className="h-10 w-auto max-w-32 rounded-md bg-white/90 object-contain p-1"
            />
          )}
          <span className="min-w-0 truncate font-bold text-lg tracking-tight" data-testid="preview-company">
            {name}
          </span>
        </div>
        {branding.headerText.trim() && <p className="mt-2 text-sm opacity-90">{branding.headerText.trim()}</p>}
      </div>
      <div className="space-y-4 px-5 py-5">
        <div className="space-y-1">
          <p className="font-semibold">Brand audit report</p>
          <p className="text-muted-foreground text-xs">Prepared by {name}</p>
        </div>
        <div className="grid grid-cols-3 gap-2">
          {['Website', 'Social media', 'Brand assets'].map((label) => (
            <div key={label} className="space-y-2 rounded-lg border p-3" style={{ borderTopColor: secondary }}>
              <p className="text-muted-foreground text-xs">{label}</p>
              <TextBar width="60%" />
            </div>
          ))}
        </div>
        <div className="space-y-2">
          <TextBar width="100%" />
          <TextBar width="92%" />
          <TextBar width="75%" />
        </div>
      </div>
      <figcaption className="space-y-1.5 border-t bg-muted/40 px-5 py-3 text-muted-foreground text-xs">
        {branding.footerText.trim() && <p data-testid="preview-footer">{branding.footerText.trim()}</p>}
        {contacts.length > 0 && (
          <ul className="flex flex-wrap gap-x-4 gap-y-1">
            {contacts.map(({ icon: Icon, value }) => (
              <li key={value} className="inline-flex items-center gap-1">
                <Icon aria-hidden="true" className="size-3.5" style={{ color: primary }} />
                {value}
              </li>
            ))}
          </ul>
        )}
        <p>The same branding goes on PDFs, shared report pages and report e-mails.</p>
      </figcaption>
    </figure>
  );
}
