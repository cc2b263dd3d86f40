/**
 * The brand assets area: palette contrast, logo quality and font consistency.
 */
import type { CheckResult, SiteSnapshot } from '../types.ts';
import { runContrastChecks } from './contrast.ts';
import { runFontChecks } from './fonts.ts';
import { type LogoFile, runLogoChecks } from './logo.ts';

export type { LogoFile } from './logo.ts';

export type BrandAssetsInput = {
  /** hex or CSS colours */
  colourPalette: string[];
  /** declared font names */
  fonts: string[];
  logo: LogoFile | null;
};

export async function runBrandAssetChecks(input: BrandAssetsInput, snapshot: SiteSnapshot): Promise<CheckResult[]> {
  return [
    ...runContrastChecks(input.colourPalette),
    ...(await runLogoChecks(input.logo)),
    ...runFontChecks(input.fonts, snapshot),
  ];
}
