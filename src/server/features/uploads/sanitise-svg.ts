import { load } from 'cheerio';
import type { AnyNode, Element } from 'domhandler';
import { escapeHtml } from '../../../shared/html.ts';
import {
  allowedSvgAttributes,
  allowedSvgElements,
  referenceAttributes,
  SVG_NAMESPACE,
  XLINK_NAMESPACE,
} from './svg-allow-list.ts';

export type SanitisedSvg = { ok: true; content: Buffer } | { ok: false; reason: string };

/** Raster images an <image> may carry inline; anything else would load from elsewhere. */
const inlineRaster = /^data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/=\s]*$/i;

/** Browsers ignore whitespace and control characters inside a URL scheme ("java\tscript:"). */
const squeezed = (value: string) => value.replace(/[\s\p{Cc}]/gu, '').toLowerCase();

/** CSS that may load something: url() to anything but a fragment, @import, expression(), escapes. */
function loadsFromElsewhere(value: string): boolean {
  const css = squeezed(value);
  if (css.includes('@import') || css.includes('expression(') || css.includes('\\')) return true;
  const urls = css.match(/url\(([^)]*)\)/g) ?? [];
  return urls.some((url) => !/^url\((['"]?)#[^'"]*\1\)$/.test(url));
}

function keepAttribute(element: Element, name: string, value: string): boolean {
  if (squeezed(value).includes('javascript:')) return false;
  if (referenceAttributes.has(name)) {
    if (value.trim().startsWith('#')) return true;
    return element.name === 'image' && inlineRaster.test(value.trim());
  }
  if (!allowedSvgAttributes.has(name)) return false;
  return !loadsFromElsewhere(value);
}

function serialiseAttributes(element: Element, isRoot: boolean): string {
  const kept = Object.entries(element.attribs).filter(([name, value]) => keepAttribute(element, name, value));
  const namespaces = isRoot
    ? [
        ['xmlns', SVG_NAMESPACE],
        ['xmlns:xlink', XLINK_NAMESPACE],
      ]
    : [];
  return [...namespaces, ...kept].map(([name, value]) => ` ${name}="${escapeHtml(value ?? '')}"`).join('');
}

/**
 * Elements outside the allow-list go with everything inside them; a namespace prefix
 * (svg:script, x:foo) is never allowed, so a prefixed script cannot pass as another element.
 */
function serialiseNode(node: AnyNode, isRoot = false): string {
  if (node.type === 'text') return escapeHtml(node.data);
  if (node.type === 'cdata') return node.children.map((child) => serialiseNode(child)).join('');
  if (node.type !== 'tag' && node.type !== 'style' && node.type !== 'script') return '';
  const element = node as Element;
  if (!allowedSvgElements.has(element.name)) return '';
  const children = element.children.map((child) => serialiseNode(child)).join('');
  return `<${element.name}${serialiseAttributes(element, isRoot)}>${children}</${element.name}>`;
}

/**
 * Rebuilds an uploaded SVG from its parsed elements, keeping only known-safe elements and
 * attributes, and writing every text and value escaped. Files that declare entities are refused
 * outright: entity expansion is a denial of service, not a drawing. A plain DOCTYPE line, as
 * drawing programs write, is dropped like the rest of the prolog.
 */
export function sanitiseSvg(content: Buffer): SanitisedSvg {
  const text = content.toString('utf8');
  if (/<!ENTITY|<!DOCTYPE[^>]*\[/i.test(text)) return { ok: false, reason: 'it declares XML entities' };
  const $ = load(text, { xml: { xmlMode: true, decodeEntities: true } });
  const root = $.root()
    .children()
    .toArray()
    .find((node) => node.type === 'tag' && node.name === 'svg');
  if (!root) return { ok: false, reason: 'it is not a readable SVG image' };
  return { ok: true, content: Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n${serialiseNode(root, true)}`) };
}
