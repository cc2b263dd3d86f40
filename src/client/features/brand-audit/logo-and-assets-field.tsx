import { FileText, ImageIcon, ImageUp, LoaderCircle, Star, Upload, X } from 'lucide-react';
import { useId, useState } from 'react';
import type { TUploadedFile } from '../../../shared/schemas/brands.ts';
import { countOf } from '../../../shared/words.ts';
import { Button } from '../../components/ui/button.tsx';
import { uploadFile } from './brand-mutations.ts';

const IMAGE_TYPES = 'image/png,image/jpeg,image/gif,image/webp,image/svg+xml';
const ASSET_TYPES = `${IMAGE_TYPES},application/pdf`;

type LogoFieldProps = {
  value: string | null;
  onChange: (url: string | null) => void;
  error?: string;
};

/** The brand's logo: one image, uploaded at once and previewed; the audit checks its quality. */
export function LogoField({ value, onChange, error }: LogoFieldProps) {
  const inputId = useId();
  const [uploading, setUploading] = useState(false);

  const choose = async (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    setUploading(true);
    const uploaded = await uploadFile(file);
    setUploading(false);
    if (uploaded) onChange(uploaded.url);
  };

  return (
    <div className="space-y-2">
      <div className="flex items-center gap-4">
        <div className="flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-xl border border-dashed bg-muted/40">
          {value ? (
            <img src={value} alt="Logo preview" className="size-full object-contain p-1.5" />
          ) : (
            <ImageIcon aria-hidden="true" className="size-6 text-muted-foreground" />
          )}
        </div>
        <div className="space-y-2">
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" asChild>
              <label
                htmlFor={inputId}
                aria-disabled={uploading || undefined}
                className="cursor-pointer has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50 aria-disabled:pointer-events-none aria-disabled:opacity-60"
              >
                {uploading ? (
                  <LoaderCircle aria-hidden="true" className="animate-spin" />
                ) : (
                  <ImageUp aria-hidden="true" />
                )}
                {uploading ? 'Uploading...' : value ? 'Replace logo' : 'Upload logo'}
                <input
                  id={inputId}
                  type="file"
                  accept={IMAGE_TYPES}
                  aria-label="Logo file"
                  className="sr-only"
                  disabled={uploading}
                  onChange={(event) => {
                    void choose(event.target.files);
                    event.target.value = '';
                  }}
                />
              </label>
            </Button>
            {value && (
              <Button type="button" variant="ghost" size="sm" onClick={() => onChange(null)}>
                Remove
              </Button>
            )}
          </div>
          <p className="text-muted-foreground text-xs">PNG, JPG, SVG, GIF or WebP, up to 10MB.</p>
        </div>
      </div>
      {error && <p className="text-destructive text-xs">{error}</p>}
    </div>
  );
}

type BrandAssetsFieldProps = {
  files: TUploadedFile[];
  onFilesChange: (files: TUploadedFile[]) => void;
  logoUrl: string | null;
  onUseAsLogo: (url: string) => void;
};

/**
 * Other brand files (style guides, logo variants, imagery): images or PDF, several at once, one upload
 * per file. Any uploaded image can be made the logo.
 */
export function BrandAssetsField({ files, onFilesChange, logoUrl, onUseAsLogo }: BrandAssetsFieldProps) {
  const inputId = useId();
  const [uploading, setUploading] = useState(0);

  const choose = async (list: FileList | null) => {
    const chosen = Array.from(list ?? []);
    if (chosen.length === 0) return;
    setUploading(chosen.length);
    let current = files;
    for (const file of chosen) {
      const uploaded = await uploadFile(file);
      if (uploaded) {
        current = [...current, uploaded];
        onFilesChange(current);
      }
      setUploading((count) => count - 1);
    }
  };

  return (
    <div className="space-y-3">
      <label
        htmlFor={inputId}
        className="flex cursor-pointer flex-col items-center justify-center gap-1.5 rounded-xl border border-dashed bg-muted/30 px-4 py-6 text-center transition-colors hover:bg-muted/60 has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50"
      >
        {uploading > 0 ? (
          <LoaderCircle aria-hidden="true" className="size-6 animate-spin text-primary" />
        ) : (
          <Upload aria-hidden="true" className="size-6 text-primary" />
        )}
        <span className="font-medium text-sm">
          {uploading > 0 ? `Uploading ${countOf(uploading, 'file')}...` : 'Upload brand assets'}
        </span>
        <span className="text-muted-foreground text-xs">Images or PDF, several at once, up to 10MB each</span>
        <input
          id={inputId}
          type="file"
          multiple
          accept={ASSET_TYPES}
          aria-label="Brand asset files"
          className="sr-only"
          onChange={(event) => {
            void choose(event.target.files);
            event.target.value = '';
          }}
        />
      </label>
      {files.length > 0 && (
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3" aria-label="Uploaded brand assets">
          {files.map((file) => {
            const isImage = file.mimetype.startsWith('image/');
            const isLogo = file.url === logoUrl;
            return (
              <li key={file.url} className="overflow-hidden rounded-lg border bg-card">
                <div className="relative flex h-20 items-center justify-center bg-muted/40">
                  {isImage ? (
                    <img src={file.url} alt="" className="size-full object-contain p-1.5" />
                  ) : (
                    <FileText aria-hidden="true" className="size-7 text-muted-foreground" />
                  )}
                  <button
                    type="button"
                    aria-label={`Remove ${file.originalName}`}
                    onClick={() => onFilesChange(files.filter((item) => item.url !== file.url))}
                    className="absolute top-1 right-1 rounded-full bg-background/90 p-1 text-muted-foreground shadow-sm outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    <X aria-hidden="true" className="size-3" />
                  </button>
                </div>
                <div className="space-y-1 p-2">
                  <p className="truncate text-xs" title={file.originalName}>
                    {file.originalName}
                  </p>
                  {isImage &&
                    (isLogo ? (
                      <p className="flex items-center gap-1 font-medium text-primary text-xs">
                        <Star aria-hidden="true" className="size-3 fill-current" />
                        Logo
                      </p>
                    ) : (
                      <button
                        type="button"
                        onClick={() => onUseAsLogo(file.url)}
                        className="font-medium text-primary text-xs underline-offset-4 hover:underline"
                      >
                        Use as logo
                      </button>
                    ))}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
