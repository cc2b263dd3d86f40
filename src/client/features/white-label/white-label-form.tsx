import { zodResolver } from '@hookform/resolvers/zod';
import { ImageUp, Trash2 } from 'lucide-react';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { type FieldError, type Resolver, type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { MAX_UPLOAD_BYTES, uploadTooLargeMessage } from '../../../shared/schemas/brands.ts';
import {
  isHexColour,
  MAX_COMPANY_NAME_LENGTH,
  MAX_CONTACT_PHONE_LENGTH,
  MAX_FOOTER_TEXT_LENGTH,
  MAX_HEADER_TEXT_LENGTH,
  normaliseHexColour,
  type TWhiteLabelSettings,
  ZSaveWhiteLabelSettingsRequest,
} from '../../../shared/schemas/white-label.ts';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { toast } from '../../hooks/use-toast.ts';
import { ReportPreview } from './report-preview.tsx';
import { useSaveWhiteLabelSettings, useUploadLogo } from './white-label-queries.ts';

export type WhiteLabelFormValues = {
  companyName: string;
  companyLogo: string | null;
  primaryColor: string;
  secondaryColor: string;
  headerText: string;
  footerText: string;
  contactEmail: string;
  contactPhone: string;
  website: string;
  isActive: boolean;
};
type WhiteLabelFormOutput = z.output<typeof ZSaveWhiteLabelSettingsRequest>;
/** The shared schema trims and fills defaults (preprocess), so zod types its inputs loosely; these are its inputs. */
const whiteLabelResolver = zodResolver(ZSaveWhiteLabelSettingsRequest) as unknown as Resolver<
  WhiteLabelFormValues,
  unknown,
  WhiteLabelFormOutput
>;

const ACCEPTED_LOGO_TYPES = 'image/png,image/jpeg,image/gif,image/webp,image/svg+xml';

function valuesOf(settings: TWhiteLabelSettings): WhiteLabelFormValues {
  return {
    companyName: settings.companyName,
    companyLogo: settings.companyLogo,
    primaryColor: settings.primaryColor,
    secondaryColor: settings.secondaryColor,
    headerText: settings.headerText ?? '',
    footerText: settings.footerText ?? '',
    contactEmail: settings.contactEmail ?? '',
    contactPhone: settings.contactPhone ?? '',
    website: settings.website ?? '',
    isActive: settings.isActive,
  };
}

function FieldMessage({ id, error }: { id: string; error?: FieldError }) {
  if (!error?.message) return null;
  return (
    <p id={id} className="text-destructive text-xs">
      {error.message}
    </p>
  );
}

type TextFieldName = 'companyName' | 'headerText' | 'footerText' | 'contactEmail' | 'contactPhone' | 'website';

function TextField({
  form,
  name,
  label,
  maxLength,
  type = 'text',
  placeholder,
}: {
  form: UseFormReturn<WhiteLabelFormValues, unknown, WhiteLabelFormOutput>;
  name: TextFieldName;
  label: string;
  maxLength: number;
  type?: 'text' | 'email' | 'tel' | 'url';
  placeholder?: string;
}) {
  const id = `white-label-${name}`;
  const error = form.formState.errors[name];
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type={type}
        placeholder={placeholder}
        maxLength={maxLength + 20}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...form.register(name)}
      />
      <FieldMessage id={`${id}-error`} error={error} />
    </div>
  );
}

/** A colour picker and its hex text side by side: either one changes the other. */
function ColourField({
  form,
  name,
  label,
}: {
  form: UseFormReturn<WhiteLabelFormValues, unknown, WhiteLabelFormOutput>;
  name: 'primaryColor' | 'secondaryColor';
  label: string;
}) {
  const id = `white-label-${name}`;
  const value = form.watch(name);
  const error = form.formState.errors[name];
  const pickerValue = isHexColour(value) ? normaliseHexColour(value).toLowerCase() : '#000000';
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex items-center gap-2">
        <input
          type="color"
          aria-label={`${label} picker`}
          value={pickerValue}
          onChange={(event) =>
            form.setValue(name, event.target.value.toUpperCase(), { shouldDirty: true, shouldValidate: true })
          }
          className="h-9 w-12 shrink-0 cursor-pointer rounded-md border bg-background p-1"
        />
        <Input
          id={id}
          className="font-mono"
          maxLength={7}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...form.register(name)}
        />
      </div>
      <FieldMessage id={`${id}-error`} error={error} />
    </div>
  );
}

/** The logo: chosen here, shown at once from the file itself, and uploaded to be kept with the settings. */
function LogoField({
  form,
  preview,
  onPreview,
}: {
  form: UseFormReturn<WhiteLabelFormValues, unknown, WhiteLabelFormOutput>;
  preview: string | null;
  onPreview: (src: string | null) => void;
}) {
  const inputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const upload = useUploadLogo();

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      toast({ title: 'Upload Failed', description: `${file.name} is not an image`, variant: 'destructive' });
      return;
    }
    if (file.size > MAX_UPLOAD_BYTES) {
      toast({ title: 'File Too Large', description: uploadTooLargeMessage(file.name), variant: 'destructive' });
      return;
    }
    const previous = preview;
    onPreview(URL.createObjectURL(file));
    try {
      const uploaded = await upload.mutateAsync(file);
      form.setValue('companyLogo', uploaded.url, { shouldDirty: true });
    } catch {
      onPreview(previous);
    }
  }

  return (
    <div className="space-y-2">
      <Label htmlFor={inputId}>Company logo</Label>
      <div className="flex flex-wrap items-center gap-3">
        <div className="flex h-14 w-28 items-center justify-center overflow-hidden rounded-md border bg-muted/40">
          {preview ? (
            <img src={preview} alt="Logo preview" className="max-h-12 max-w-26 object-contain" />
          ) : (
            <span className="text-muted-foreground text-xs">No logo</span>
          )}
        </div>
        <input
          ref={fileInput}
          id={inputId}
          type="file"
          accept={ACCEPTED_LOGO_TYPES}
          className="sr-only"
          onChange={choose}
        />
        <Button type="button" variant="outline" onClick={() => fileInput.current?.click()} disabled={upload.isPending}>
          <ImageUp aria-hidden="true" />
          {upload.isPending ? 'Uploading...' : preview ? 'Change Logo' : 'Upload Logo'}
        </Button>
        {preview && (
          <Button
            type="button"
            variant="ghost"
            onClick={() => {
              onPreview(null);
              form.setValue('companyLogo', null, { shouldDirty: true });
            }}
          >
            <Trash2 aria-hidden="true" />
            Remove
          </Button>
        )}
      </div>
      <p className="text-muted-foreground text-xs">PNG or SVG recommended; images only, up to 10 MB.</p>
    </div>
  );
}

/** The white-label settings and, beside them, the report as it will look, updated as you type. */
export function WhiteLabelForm({ settings }: { settings: TWhiteLabelSettings }) {
  const form = useForm<WhiteLabelFormValues, unknown, WhiteLabelFormOutput>({
    resolver: whiteLabelResolver,
    defaultValues: valuesOf(settings),
  });
  const [logoPreview, setLogoPreview] = useState<string | null>(settings.companyLogo);
  const save = useSaveWhiteLabelSettings();
  const { reset } = form;

  // A local preview holds the file in memory until it is replaced or the page closes.
  useEffect(() => {
    if (!logoPreview?.startsWith('blob:')) return;
    return () => URL.revokeObjectURL(logoPreview);
  }, [logoPreview]);

  const values = form.watch();

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
      <form
        aria-label="White label settings"
        noValidate
        className="space-y-6"
        onSubmit={form.handleSubmit((output) => save.mutate(output, { onSuccess: (saved) => reset(valuesOf(saved)) }))}
      >
        <section className="space-y-4 rounded-xl border bg-card p-5">
          <h2 className="font-semibold">Company</h2>
          <TextField form={form} name="companyName" label="Company name" maxLength={MAX_COMPANY_NAME_LENGTH} />
          <LogoField form={form} preview={logoPreview} onPreview={setLogoPreview} />
          <div className="grid gap-4 sm:grid-cols-2">
            <ColourField form={form} name="primaryColor" label="Primary colour" />
            <ColourField form={form} name="secondaryColor" label="Secondary colour" />
          </div>
        </section>
        <section className="space-y-4 rounded-xl border bg-card p-5">
          <h2 className="font-semibold">Report text</h2>
          <TextField form={form} name="headerText" label="Header text" maxLength={MAX_HEADER_TEXT_LENGTH} />
          <TextField form={form} name="footerText" label="Footer text" maxLength={MAX_FOOTER_TEXT_LENGTH} />
        </section>
        <section className="space-y-4 rounded-xl border bg-card p-5">
          <h2 className="font-semibold">Contact details</h2>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField form={form} name="contactEmail" label="Contact email" type="email" maxLength={254} />
            <TextField
              form={form}
              name="contactPhone"
              label="Contact phone"
              type="tel"
              maxLength={MAX_CONTACT_PHONE_LENGTH}
            />
          </div>
          <TextField form={form} name="website" label="Website" type="url" maxLength={2000} placeholder="https://" />
        </section>
        <div className="flex flex-wrap items-center justify-between gap-4 rounded-xl border bg-card p-5">
          <div className="space-y-0.5">
            <Label htmlFor="white-label-active">Use white label on reports</Label>
            <p className="text-muted-foreground text-xs">
              When on, PDFs, shared pages and report e-mails carry your branding instead of Brandlens's.
            </p>
          </div>
          <Switch
            id="white-label-active"
            checked={values.isActive}
            onCheckedChange={(checked) => form.setValue('isActive', checked, { shouldDirty: true })}
          />
        </div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Settings'}
        </Button>
      </form>
      <div className="space-y-3 lg:sticky lg:top-6 lg:self-start">
        <h2 className="font-semibold">Live preview</h2>
        <ReportPreview
          branding={{
            companyName: values.companyName,
            logoSrc: logoPreview,
            primaryColor: values.primaryColor,
            secondaryColor: values.secondaryColor,
            headerText: values.headerText,
            footerText: values.footerText,
            contactEmail: values.contactEmail,
            contactPhone: values.contactPhone,
            website: values.website,
          }}
        />
      </div>
    </div>
  );
}
