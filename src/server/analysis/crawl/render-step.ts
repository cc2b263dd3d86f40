/**
 * The crawl's rendering step: each fetched page that builds its content with scripts (or every
 * HTML page, when rendering is 'always') is rendered in headless Chromium before its links are
 * read and its content checked, so links that exist only after rendering join the crawl. Pages
 * that need rendering and cannot have it keep their HTML as served, marked not rendered with the
 * reason (the checks then leave them out: "not measured").
 */
import { buildsContentWithScripts, type RenderMode, wantsRendering } from '../render/needs-rendering.ts';
import { createRenderer, type RendererOptions } from '../render/renderer.ts';
import type { CrawledPage } from '../types.ts';

/** How to render; the address policy and resolver are the crawl's own (crawler.ts passes them). */
export type RenderSettings = Omit<RendererOptions, 'allowLoopback' | 'resolver'> & { mode: RenderMode };

type RenderStepSettings = RenderSettings & Pick<RendererOptions, 'allowLoopback' | 'resolver'>;

export type RenderStep = {
  /** the page as the checks should read it */
  finish(page: CrawledPage): Promise<CrawledPage>;
  /** closes the browser, if one was started */
  close(): Promise<void>;
};

export const RENDERING_OFF_REASON = 'rendering is switched off for this audit';

/** No rendering at all (crawls of other kinds of pages, such as insight sources). */
const AS_FETCHED: RenderStep = { finish: async (page) => page, close: async () => {} };

export function createRenderStep(settings: RenderStepSettings | undefined, signal: AbortSignal): RenderStep {
  if (!settings) return AS_FETCHED;
  const renderer = settings.mode === 'never' ? null : createRenderer(settings);
  return {
    async finish(page) {
      if (!wantsRendering(page, settings.mode)) return page;
      if (!renderer) return { ...page, rendering: { status: 'not_rendered', reason: RENDERING_OFF_REASON } };
      const outcome = await renderer.render(page, signal);
      // A page readable as served ('always' mode) stays measured when rendering it fails.
      if (!outcome.html && !buildsContentWithScripts(page)) return page;
      return { ...page, html: outcome.html ?? page.html, rendering: outcome.rendering };
    },
    close: async () => renderer?.close(),
  };
}
