/**
 * A reasonable CSS cascade over a parsed page, for the properties the contrast check reads: the
 * browser's defaults that matter (link blue, form controls, heading sizes, hidden elements), then
 * the page's stylesheets and <style> blocks in document order, then style attributes; !important
 * first, then origin, specificity and source order. Colours, font size and weight, visibility and
 * custom properties inherit; backgrounds do not (the contrast check walks up for them).
 */
import type { CheerioAPI } from 'cheerio';
import type { Element } from 'domhandler';
import { type Declaration, parseDeclarations, parseStylesheet, type StyleRule } from './parse-css.ts';
import { compareSpecificity, indexPage, mayMatch, type Specificity, specificity } from './selectors.ts';
import {
  BLACK,
  backgroundShorthand,
  type Colour,
  fontShorthand,
  fontSizePx,
  fontWeight,
  parseColour,
  resolveVars,
  TRANSPARENT,
} from './values.ts';

/** The browser defaults that decide colours and sizes (Chromium's, where they differ). */
const USER_AGENT_RULES = parseStylesheet(`
  [hidden], head, script, style, template, title, noscript, datalist, area, base, link, meta,
  input[type=hidden], dialog:not([open]) { display: none }
  a[href] { color: #0000ee }
  mark { background-color: #ffff00; color: #000000 }
  button, input, select, textarea { color: #000000 }
  input, select, textarea { background-color: #ffffff }
  button, input[type=button], input[type=submit], input[type=reset] { background-color: #efefef }
  h1 { font-size: 2em; font-weight: bold } h2 { font-size: 1.5em; font-weight: bold }
  h3 { font-size: 1.17em; font-weight: bold } h4 { font-weight: bold }
  h5 { font-size: 0.83em; font-weight: bold } h6 { font-size: 0.67em; font-weight: bold }
  b, strong, th { font-weight: bold } small, sub, sup { font-size: smaller } big { font-size: larger }
`);

export type ComputedStyle = {
  /** display: none here or on an ancestor */
  displayNone: boolean;
  /** visibility: hidden or collapse (inherited, and a descendant may set visible again) */
  invisible: boolean;
  /** null when the value could not be read (the raw value is in colourValue) */
  colour: Colour | null;
  colourValue: string;
  /** the element's own background colour (often transparent); null when unreadable */
  background: Colour | null;
  backgroundValue: string;
  /** a background image or gradient, which the check cannot measure behind text */
  backgroundImage: boolean;
  opacity: number;
  fontPx: number;
  fontWeight: number;
  /** clipped away or moved off screen (visually hidden text for screen readers) */
  offscreen: boolean;
  custom: Map<string, string>;
};

type Entry = Declaration & { origin: number; specificity: Specificity; order: number };

const ROOT: ComputedStyle = {
  displayNone: false,
  invisible: false,
  colour: BLACK,
  colourValue: 'canvastext',
  background: TRANSPARENT,
  backgroundValue: 'transparent',
  backgroundImage: false,
  opacity: 1,
  fontPx: 16,
  fontWeight: 400,
  offscreen: false,
  custom: new Map(),
};

const IMAGE = /\b(url|(repeating-)?(linear|radial|conic)-gradient|image-set|image|element|cross-fade)\(/i;

function opacityOf(value: string | undefined): number {
  if (!value) return 1;
  const number = Number.parseFloat(value);
  if (Number.isNaN(number)) return 1;
  return Math.min(1, Math.max(0, value.trim().endsWith('%') ? number / 100 : number));
}

function byPriority(a: Entry, b: Entry): number {
  return (
    Number(a.important) - Number(b.important) ||
    a.origin - b.origin ||
    compareSpecificity(a.specificity, b.specificity) ||
    a.order - b.order
  );
}

export class Cascade {
  private readonly matched = new Map<Element, Entry[]>();
  private readonly computed = new Map<Element, ComputedStyle>();
  private order = 0;

  /** `sheets`: the page's author style rules, stylesheet by stylesheet in document order. */
  constructor(
    private readonly $: CheerioAPI,
    sheets: StyleRule[][],
  ) {
    const index = indexPage($);
    this.addRules(USER_AGENT_RULES, 0, index);
    for (const rules of sheets) this.addRules(rules, 1, index);
    $('[style]').each((_, node) => {
      const element = node as Element;
      for (const declaration of parseDeclarations(element.attribs.style ?? '')) {
        this.push(element, { ...declaration, origin: 2, specificity: [0, 0, 0], order: this.order++ });
      }
    });
  }

  private push(element: Element, entry: Entry): void {
    const list = this.matched.get(element);
    if (list) list.push(entry);
    else this.matched.set(element, [entry]);
  }

  private addRules(rules: StyleRule[], origin: number, index: ReturnType<typeof indexPage>): void {
    for (const rule of rules) {
      for (const selector of rule.selectors) {
        if (!mayMatch(selector, index)) continue;
        let elements: Element[];
        try {
          elements = this.$(selector).toArray() as Element[];
        } catch {
          continue; // pseudo-elements and states (::before, :focus) never style the text at rest
        }
        if (elements.length === 0) continue;
        const weight = specificity(selector);
        const order = this.order++;
        for (const element of elements) {
          for (const declaration of rule.declarations)
            this.push(element, { ...declaration, origin, specificity: weight, order });
        }
      }
    }
  }

  /** The winning value of each property, shorthands expanded into the longhands read here. */
  private cascaded(element: Element): Map<string, { value: string; from?: 'background' | 'font' }> {
    const winners = new Map<string, { value: string; from?: 'background' | 'font' }>();
    for (const entry of [...(this.matched.get(element) ?? [])].sort(byPriority)) {
      if (entry.property === 'background') {
        winners.set('background-color', { value: entry.value, from: 'background' });
        winners.set('background-image', { value: entry.value, from: 'background' });
      } else if (entry.property === 'font') {
        winners.set('font-size', { value: entry.value, from: 'font' });
        winners.set('font-weight', { value: entry.value, from: 'font' });
      } else winners.set(entry.property, { value: entry.value });
    }
    return winners;
  }

  styleOf(element: Element): ComputedStyle {
    const known = this.computed.get(element);
    if (known) return known;
    const parentNode = element.parent as Element | null;
    const parent = parentNode && parentNode.type === 'tag' ? this.styleOf(parentNode) : ROOT;
    const style = this.compute(element, parent);
    this.computed.set(element, style);
    return style;
  }

  private compute(element: Element, parent: ComputedStyle): ComputedStyle {
    const own = this.cascaded(element);
    const custom = new Map(parent.custom);
    for (const [property, { value }] of own) if (property.startsWith('--')) custom.set(property, value);
    /** the resolved value; undefined when not set here or unusable (then it inherits or takes its initial value) */
    const get = (property: string): { value: string; from?: 'background' | 'font' } | undefined => {
      const found = own.get(property);
      if (!found) return undefined;
      const value = resolveVars(found.value, custom)?.trim();
      if (!value || /^(inherit|unset|revert|revert-layer)$/i.test(value)) return undefined;
      return { value, from: found.from };
    };

    const colourValue = get('color')?.value;
    let colour = parent.colour;
    if (colourValue && !/^currentcolor$/i.test(colourValue)) {
      colour = /^initial$/i.test(colourValue) ? BLACK : parseColour(colourValue);
    }

    const backgroundEntry = get('background-color');
    let backgroundValue = 'transparent';
    if (backgroundEntry) {
      backgroundValue =
        backgroundEntry.from === 'background'
          ? backgroundShorthand(backgroundEntry.value).colour
          : backgroundEntry.value;
    }
    const background = /^currentcolor$/i.test(backgroundValue)
      ? colour
      : /^initial$/i.test(backgroundValue)
        ? TRANSPARENT
        : parseColour(backgroundValue);
    const imageEntry = get('background-image');

    const sizeEntry = get('font-size');
    const sizeValue = sizeEntry?.from === 'font' ? fontShorthand(sizeEntry.value).size : sizeEntry?.value;
    const rootPx = element.name === 'html' ? 16 : this.rootFontPx();
    const weightEntry = get('font-weight');
    const weightValue = weightEntry?.from === 'font' ? fontShorthand(weightEntry.value).weight : weightEntry?.value;

    const visibility = get('visibility')?.value.toLowerCase();
    const clip = `${get('clip')?.value ?? ''} ${get('clip-path')?.value ?? ''}`.replace(/\s+/g, '');
    const indent = /^-(\d+)(px|em|rem)$/.exec(get('text-indent')?.value ?? '');

    return {
      displayNone: parent.displayNone || get('display')?.value.toLowerCase() === 'none',
      invisible: visibility ? visibility === 'hidden' || visibility === 'collapse' : parent.invisible,
      colour,
      colourValue: colourValue ?? parent.colourValue,
      background,
      backgroundValue,
      backgroundImage: imageEntry
        ? IMAGE.test(imageEntry.value) &&
          (imageEntry.from !== 'background' || backgroundShorthand(imageEntry.value).image)
        : false,
      opacity: parent.opacity * opacityOf(get('opacity')?.value),
      fontPx: (sizeValue ? fontSizePx(sizeValue, parent.fontPx, rootPx) : null) ?? parent.fontPx,
      fontWeight: weightValue ? fontWeight(weightValue, parent.fontWeight) : parent.fontWeight,
      offscreen:
        parent.offscreen ||
        /rect\((0|1px)[,]?(0|1px)/.test(clip) ||
        /inset\(50%\)|circle\(0/.test(clip) ||
        (indent !== null && Number(indent[1]) >= 999),
      custom,
    };
  }

  private rootPx: number | null = null;
  private rootFontPx(): number {
    if (this.rootPx === null) {
      const root = this.$('html').get(0) as Element | undefined;
      this.rootPx = root ? this.styleOf(root).fontPx : 16;
    }
    return this.rootPx;
  }
}
