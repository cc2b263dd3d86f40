import type { TRenderMode } from '../../../shared/schemas/brands.ts';

/**
 * The render mode an audit uses: the operator's AUDIT_RENDER wins when it is always or never;
 * auto leaves it to the brand's setting. (Its own file: the audit job reads it without loading the
 * audit engine.)
 */
export function effectiveRenderMode(configured: TRenderMode, brand: TRenderMode): TRenderMode {
  return configured === 'auto' ? brand : configured;
}
