/**
 * A fast getComputedStyle for axe-core on jsdom: jsdom's cascade is the slowest part of an axe run,
 * so the window's getComputedStyle answers the properties axe's visibility logic reads (display,
 * visibility, opacity…) from the style attribute, the hidden attribute and the browser's default
 * display of each element, and asks jsdom only for anything else.
 */

/** Elements the browser's default stylesheet never displays. */
const NOT_DISPLAYED = new Set([
  'AREA',
  'BASE',
  'BASEFONT',
  'DATALIST',
  'HEAD',
  'LINK',
  'META',
  'NOEMBED',
  'NOFRAMES',
  'PARAM',
  'RP',
  'SCRIPT',
  'STYLE',
  'TEMPLATE',
  'TITLE',
]);
const INLINE = new Set(
  'A ABBR B BDI BDO CITE CODE DATA DFN EM I KBD LABEL MARK Q S SAMP SMALL SPAN STRONG SUB SUP TIME U VAR IMG BR WBR SVG'.split(
    ' ',
  ),
);
const INLINE_BLOCK = new Set(['BUTTON', 'INPUT', 'SELECT', 'TEXTAREA', 'METER', 'PROGRESS']);
const TABLE_DISPLAY: Record<string, string> = {
  TABLE: 'table',
  TR: 'table-row',
  TD: 'table-cell',
  TH: 'table-cell',
  THEAD: 'table-header-group',
  TBODY: 'table-row-group',
  TFOOT: 'table-footer-group',
  CAPTION: 'table-caption',
  COL: 'table-column',
  COLGROUP: 'table-column-group',
  LI: 'list-item',
};
/** Initial values of the other properties axe's visibility logic reads. */
const INITIAL: Record<string, string> = {
  'content-visibility': 'visible',
  position: 'static',
  opacity: '1',
  height: 'auto',
  width: 'auto',
  overflow: 'visible',
  clip: 'auto',
  'clip-path': 'none',
};

type StyledElement = Element & { style: CSSStyleDeclaration; parentElement: StyledElement | null };

function defaultDisplay(element: StyledElement): string {
  const name = element.nodeName.toUpperCase();
  if (element.hasAttribute('hidden') || NOT_DISPLAYED.has(name)) return 'none';
  if (name === 'INPUT' && element.getAttribute('type')?.toLowerCase() === 'hidden') return 'none';
  if (name === 'DIALOG' && !element.hasAttribute('open')) return 'none';
  if (INLINE.has(name)) return 'inline';
  if (INLINE_BLOCK.has(name)) return 'inline-block';
  return TABLE_DISPLAY[name] ?? 'block';
}

/** The inherited value: the element's own inline value, else its nearest ancestor's. */
function inherited(element: StyledElement | null, property: string, initial: string): string {
  for (let current = element; current; current = current.parentElement) {
    const value = current.style?.getPropertyValue(property);
    if (value) return value;
    if (property === 'direction') {
      const dir = current.getAttribute('dir')?.toLowerCase();
      if (dir === 'rtl' || dir === 'ltr') return dir;
    }
  }
  return initial;
}

/** Replaces the window's getComputedStyle with the fast, stylesheet-free version described above. */
export function installFastComputedStyle(window: Window): void {
  const jsdomComputedStyle = window.getComputedStyle.bind(window);
  const cache = new WeakMap<Element, CSSStyleDeclaration>();
  window.getComputedStyle = ((element: Element, pseudo?: string | null) => {
    if (pseudo) return jsdomComputedStyle(element, pseudo);
    let style = cache.get(element);
    if (style) return style;
    const styled = element as StyledElement;
    let full: CSSStyleDeclaration | null = null;
    const value = (property: string): string => {
      const name = property.toLowerCase();
      if (name === 'visibility') return inherited(styled, name, 'visible');
      if (name === 'direction') return inherited(styled, name, 'ltr');
      const own = styled.style?.getPropertyValue(name);
      if (own) return own;
      if (name === 'display') return defaultDisplay(styled);
      if (name in INITIAL) return INITIAL[name]!;
      full ??= jsdomComputedStyle(element);
      return full.getPropertyValue(name);
    };
    style = new Proxy({} as CSSStyleDeclaration, {
      get(_, key) {
        if (key === 'getPropertyValue') return value;
        full ??= jsdomComputedStyle(element);
        const answer = (full as unknown as Record<string | symbol, unknown>)[key];
        return typeof answer === 'function' ? answer.bind(full) : answer;
      },
    });
    cache.set(element, style);
    return style;
  }) as Window['getComputedStyle'];
}
