import { zodResolver } from '@hookform/resolvers/zod';
import { Globe, LoaderCircle } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Controller, type FieldError, type Resolver, useForm } from 'react-hook-form';
import type { TBrand, TRenderMode, TUploadedFile } from '../../../shared/schemas/brands.ts';
import { ZCreateBrandRequest } from '../../../shared/schemas/brands.ts';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select.tsx';
import { useAuth } from '../../hooks/use-auth.ts';
import { type BrandFormOutput, useCreateBrand, useUpdateBrand } from './brand-mutations.ts';
import { ColourPaletteField } from './colour-palette-field.tsx';
import { FontTagsField } from './font-tags-field.tsx';
import { BrandAssetsField, LogoField } from './logo-and-assets-field.tsx';

/** What the form holds while editing; the shared schema turns it into the request body. */
export type BrandFormValues = {
  name: string;
  websiteUrl: string;
  instagramHandle: string;
  twitterHandle: string;
  linkedinHandle: string;
  tiktokHandle: string;
  facebookHandle: string;
  blueskyHandle: string;
  mastodonHandle: string;
  youtubeHandle: string;
  logoUrl: string | null;
  colourPalette: string[];
  fonts: string[];
  renderMode: TRenderMode;
  userId?: string;
};

/** The shared schema trims and normalises (preprocess), so zod types its inputs as unknown; these are its inputs. */
const brandResolver = zodResolver(ZCreateBrandRequest) as unknown as Resolver<
  BrandFormValues,
  unknown,
  BrandFormOutput
>;

function valuesFrom(brand: TBrand | undefined): BrandFormValues {
  return {
    name: brand?.name ?? '',
    websiteUrl: brand?.websiteUrl ?? '',
    instagramHandle: brand?.instagramHandle ?? '',
    twitterHandle: brand?.twitterHandle ?? '',
    linkedinHandle: brand?.linkedinHandle ?? '',
    tiktokHandle: brand?.tiktokHandle ?? '',
    facebookHandle: brand?.facebookHandle ?? '',
    blueskyHandle: brand?.blueskyHandle ?? '',
    mastodonHandle: brand?.mastodonHandle ?? '',
    youtubeHandle: brand?.youtubeHandle ?? '',
    logoUrl: brand?.logoUrl ?? null,
    colourPalette: brand?.colourPalette ?? [],
    fonts: brand?.fonts ?? [],
    renderMode: brand?.renderMode ?? 'auto',
  };
}

/** How audits read the site's pages (decision 0020). */
const renderModes: { value: TRenderMode; label: string }[] = [
  { value: 'auto', label: 'Automatic: render pages built with JavaScript' },
  { value: 'always', label: 'Always render every page' },
  { value: 'never', label: 'Never render pages' },
];

function RenderModeField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: TRenderMode;
  onChange: (value: TRenderMode) => void;
}) {
  return (
    <div className="space-y-2 sm:col-span-2">
      <Label htmlFor={id}>Page rendering</Label>
      <Select value={value} onValueChange={(next) => onChange(next as TRenderMode)}>
        <SelectTrigger id={id} className="w-full sm:w-96" aria-describedby={`${id}-help`}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {renderModes.map((mode) => (
            <SelectItem key={mode.value} value={mode.value}>
              {mode.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <p id={`${id}-help`} className="text-muted-foreground text-xs">
        Sites that build their pages in the browser (single-page apps, some site builders) are read in a browser first,
        as visitors and search engines see them. Pages that are not rendered are left out of the content checks rather
        than failed.
      </p>
    </div>
  );
}

const handleFields = [
  { name: 'instagramHandle', label: 'Instagram', placeholder: '@yourbrand' },
  { name: 'twitterHandle', label: 'Twitter/X', placeholder: '@yourbrand' },
  { name: 'linkedinHandle', label: 'LinkedIn', placeholder: 'company/yourbrand' },
  { name: 'tiktokHandle', label: 'TikTok', placeholder: '@yourbrand' },
  { name: 'facebookHandle', label: 'Facebook', placeholder: 'yourbrand' },
  { name: 'blueskyHandle', label: 'Bluesky', placeholder: 'yourbrand.bsky.social' },
  { name: 'mastodonHandle', label: 'Mastodon', placeholder: 'yourbrand@mastodon.social' },
  { name: 'youtubeHandle', label: 'YouTube', placeholder: '@yourbrand' },
] as const;

function FieldMessage({ error }: { error?: FieldError | { message?: string } }) {
  if (!error?.message) return null;
  return <p className="text-destructive text-xs">{error.message}</p>;
}

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-4 border-t pt-5 first:border-t-0 first:pt-0">
      <div>
        <legend className="font-semibold text-sm">{title}</legend>
        {description && <p className="mt-0.5 text-muted-foreground text-xs">{description}</p>}
      </div>
      {children}
    </fieldset>
  );
}

type BrandFormProps = {
  /** The brand being edited; creates a new brand when absent. */
  brand?: TBrand;
  onSaved: (brand: TBrand) => void;
  onCancel?: () => void;
};

/** Creates or edits a brand, validated with the same schema the server uses. */
export function BrandForm({ brand, onSaved, onCancel }: BrandFormProps) {
  const { user } = useAuth();
  const editing = brand !== undefined;
  const [assets, setAssets] = useState<TUploadedFile[]>(brand?.assets ?? []);
  const create = useCreateBrand(onSaved);
  const update = useUpdateBrand(brand?.id ?? '', onSaved);
  const saving = create.isPending || update.isPending;

  const {
    control,
    register,
    handleSubmit,
    setValue,
    watch,
    formState: { errors },
  } = useForm<BrandFormValues, unknown, BrandFormOutput>({
    resolver: brandResolver,
    defaultValues: valuesFrom(brand),
  });

  const submit = handleSubmit((output) => {
    if (editing) update.mutate({ ...output, assets });
    else create.mutate({ ...output, assets, userId: user?.id });
  });

  const paletteErrors = errors.colourPalette as (FieldError & { [index: number]: FieldError | undefined }) | undefined;
  const paletteItemErrors = Array.from(
    { length: watch('colourPalette').length },
    (_, index) => paletteErrors?.[index]?.message,
  );
  const idPrefix = editing ? `edit-${brand.id}` : 'new-brand';

  return (
    <form onSubmit={submit} noValidate className="space-y-6" aria-label={editing ? 'Edit brand' : 'Create brand'}>
      <Section title="Brand details">
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="space-y-2">
            <Label htmlFor={`${idPrefix}-name`}>Brand name</Label>
            <Input
              id={`${idPrefix}-name`}
              placeholder="e.g. Northwind Roasters"
              autoComplete="organization"
              aria-invalid={errors.name ? true : undefined}
              {...register('name')}
            />
            <FieldMessage error={errors.name} />
          </div>
          <div className="space-y-2">
            <Label htmlFor={`${idPrefix}-website`}>Website URL</Label>
            <div className="relative">
              <Globe
                aria-hidden="true"
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              />
              <Input
                id={`${idPrefix}-website`}
                type="url"
                inputMode="url"
                placeholder="https://yourbrand.com"
                autoComplete="url"
                className="pl-9"
                aria-invalid={errors.websiteUrl ? true : undefined}
                {...register('websiteUrl')}
              />
            </div>
            <FieldMessage error={errors.websiteUrl} />
          </div>
          <Controller
            control={control}
            name="renderMode"
            render={({ field }) => (
              <RenderModeField id={`${idPrefix}-render-mode`} value={field.value} onChange={field.onChange} />
            )}
          />
        </div>
      </Section>

      <Section
        title="Social handles"
        description="Optional. We compare them with each other and with your website, and read the Bluesky, Mastodon, YouTube, Facebook and Instagram profiles where their networks allow it."
      >
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {handleFields.map((field) => (
            <div key={field.name} className="space-y-2">
              <Label htmlFor={`${idPrefix}-${field.name}`}>{field.label}</Label>
              <Input
                id={`${idPrefix}-${field.name}`}
                placeholder={field.placeholder}
                autoComplete="off"
                aria-invalid={errors[field.name] ? true : undefined}
                {...register(field.name)}
              />
              <FieldMessage error={errors[field.name]} />
            </div>
          ))}
        </div>
      </Section>

      <Section
        title="Visual identity"
        description="Your palette is checked for readable contrast, and your fonts against the ones your website uses."
      >
        <div className="space-y-2">
          <Label asChild>
            <span>Colour palette</span>
          </Label>
          <Controller
            control={control}
            name="colourPalette"
            render={({ field }) => (
              <ColourPaletteField
                value={field.value}
                onChange={field.onChange}
                itemErrors={paletteItemErrors}
                error={paletteErrors?.message}
              />
            )}
          />
        </div>
        <div className="space-y-2">
          <Label htmlFor={`${idPrefix}-fonts`}>Fonts</Label>
          <Controller
            control={control}
            name="fonts"
            render={({ field }) => (
              <FontTagsField
                id={`${idPrefix}-fonts`}
                value={field.value}
                onChange={field.onChange}
                error={errors.fonts?.message}
              />
            )}
          />
        </div>
      </Section>

      <Section title="Logo and brand assets">
        <Controller
          control={control}
          name="logoUrl"
          render={({ field }) => (
            <LogoField value={field.value} onChange={field.onChange} error={errors.logoUrl?.message} />
          )}
        />
        <BrandAssetsField
          files={assets}
          onFilesChange={setAssets}
          logoUrl={watch('logoUrl')}
          onUseAsLogo={(url) => setValue('logoUrl', url, { shouldDirty: true })}
        />
      </Section>

      <div className="flex flex-col-reverse gap-2 border-t pt-5 sm:flex-row sm:justify-end">
        {onCancel && (
          <Button type="button" variant="outline" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
        )}
        <Button type="submit" disabled={saving}>
          {saving && <LoaderCircle aria-hidden="true" className="animate-spin" />}
          {editing ? (saving ? 'Saving...' : 'Save Changes') : saving ? 'Creating...' : 'Create Brand'}
        </Button>
      </div>
    </form>
  );
}
