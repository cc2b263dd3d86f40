import { load } from 'cheerio';
import { describe, expect, it } from 'vitest';
import { sanitiseSvg } from './sanitise-svg.ts';
import { sniffFileType } from './sniff-file-type.ts';

function sanitised(svg: string): string {
  const result = sanitiseSvg(Buffer.from(svg));
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return result.content.toString('utf8');
}

const open = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">';

/** Hostile fixtures: each must come out with nothing that runs or loads. */
const nasty: [string, string][] = [
  ['a plain script', `${open}<script>alert(1)</script><rect width="1" height="1"/></svg>`],
  [
    'a namespaced script',
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:svg="http://www.w3.org/2000/svg"><svg:script>alert(1)</svg:script><rect width="1" height="1"/></svg>`,
  ],
  ['a script in CDATA', `${open}<script><![CDATA[alert(1)]]></script><rect width="1" height="1"/></svg>`],
  ['an event handler', `${open}<rect width="1" height="1" onclick="alert(1)" onLoad="alert(2)"/></svg>`],
  [
    'a handler on the root',
    `<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>`,
  ],
  [
    'foreignObject',
    `${open}<foreignObject><iframe xmlns="http://www.w3.org/1999/xhtml" src="https://evil.example"/></foreignObject><rect width="1" height="1"/></svg>`,
  ],
  [
    'an external xlink:href on use',
    `${open}<use xlink:href="https://evil.example/sprite.svg#a"/><rect width="1" height="1"/></svg>`,
  ],
  ['an external href on use', `${open}<use href="//evil.example/x.svg#a"/><rect width="1" height="1"/></svg>`],
  ['a javascript: link', `${open}<a href="javascript:alert(1)"><circle r="1"/></a><rect width="1" height="1"/></svg>`],
  [
    'an entity-encoded javascript: link',
    `${open}<use href="&#106;avascript:alert(1)"/><rect width="1" height="1"/></svg>`,
  ],
  [
    'an image from elsewhere',
    `${open}<image href="https://evil.example/track.png" width="1" height="1"/><rect width="1" height="1"/></svg>`,
  ],
  [
    'a style element with url()',
    `${open}<style>rect{fill:url(https://evil.example/x)}</style><rect width="1" height="1"/></svg>`,
  ],
  [
    'a style attribute with url()',
    `${open}<rect width="1" height="1" style="fill: url( 'https://evil.example/x' )"/></svg>`,
  ],
  [
    'a style attribute with @import',
    `${open}<rect width="1" height="1" style="@import 'https://evil.example/x.css'"/></svg>`,
  ],
  [
    'a presentation attribute with an external url()',
    `${open}<rect width="1" height="1" fill="url(https://evil.example/p#g)"/></svg>`,
  ],
  [
    'animation that rewrites a link',
    `${open}<a><set attributeName="href" to="javascript:alert(1)"/><animate attributeName="href" values="javascript:alert(1)"/></a><rect width="1" height="1"/></svg>`,
  ],
  [
    'an iframe and embed',
    `${open}<iframe src="https://evil.example"/><embed src="x"/><object data="x"/><rect width="1" height="1"/></svg>`,
  ],
  [
    'feImage loading from elsewhere',
    `${open}<filter id="f"><feImage href="https://evil.example/x.png"/></filter><rect width="1" height="1"/></svg>`,
  ],
  ['a split javascript scheme', `${open}<use href="java&#9;script:alert(1)"/><rect width="1" height="1"/></svg>`],
];

describe('sanitiseSvg', () => {
  it.each(nasty)('removes %s', (_name, svg) => {
    const output = sanitised(svg);
    const lower = output.toLowerCase();
    expect(lower).not.toContain('script');
    expect(lower).not.toMatch(/\son[a-z]+=/);
    expect(lower).not.toContain('foreignobject');
    expect(lower).not.toContain('evil.example');
    expect(lower).not.toContain('@import');
    expect(lower).not.toMatch(/<(iframe|embed|object|set|animate|a)[\s>]/);
    // Still an SVG drawing: the rectangle survives and the result is recognised as SVG.
    expect(output).toContain('<rect width="1" height="1"');
    expect(sniffFileType(Buffer.from(output))?.mimetype).toBe('image/svg+xml');
  });

  it('keeps what logos use: gradients, local references, text, inline rasters and filters', () => {
    const logo = `<?xml version="1.0"?><!-- made by hand -->
${open}<title>Acme &amp; Co</title><defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="#123456"/></linearGradient>
<filter id="s"><feGaussianBlur stdDeviation="1"/></filter><clipPath id="c"><circle cx="5" cy="5" r="5"/></clipPath></defs>
<g clip-path="url(#c)" filter="url('#s')"><rect width="10" height="10" fill="url(#g)" style="opacity:0.5"/></g>
<use xlink:href="#g"/><text x="1" y="9" font-family="Inter">A &lt;B&gt;</text>
<image width="1" height="1" href="data:image/png;base64,iVBORw0KGgo="/></svg>`;
    const output = sanitised(logo);
    const $ = load(output, { xml: true });
    expect($('linearGradient stop').attr('stop-color')).toBe('#123456');
    expect($('g').attr('clip-path')).toBe('url(#c)');
    expect($('g').attr('filter')).toBe("url('#s')");
    expect($('rect').attr('fill')).toBe('url(#g)');
    expect($('rect').attr('style')).toBe('opacity:0.5');
    expect($('use').attr('xlink:href')).toBe('#g');
    expect($('text').text()).toBe('A <B>');
    expect($('title').text()).toBe('Acme & Co');
    expect($('image').attr('href')).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(output).not.toContain('made by hand');
  });

  it('writes every value escaped, so nothing can break out of an attribute or text', () => {
    const output = sanitised(
      `${open}<rect id="a&quot;&gt;&lt;script&gt;x" width="1" height="1"/><text>&lt;script&gt;</text></svg>`,
    );
    expect(output).not.toMatch(/<script/i);
    expect(load(output, { xml: true })('rect').attr('id')).toBe('a"><script>x');
  });

  it('refuses entity declarations and files with no SVG root', () => {
    const entities = sanitiseSvg(
      Buffer.from(
        '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaa">]><svg xmlns="http://www.w3.org/2000/svg">&a;</svg>',
      ),
    );
    expect(entities).toEqual({ ok: false, reason: 'it declares XML entities' });
    const exported = sanitised(
      '<?xml version="1.0"?><!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd"><svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>',
    );
    expect(exported).not.toContain('DOCTYPE');
    expect(exported).toContain('<rect width="1" height="1"></rect>');
    expect(sanitiseSvg(Buffer.from('<svg:svg xmlns:svg="http://www.w3.org/2000/svg"/>')).ok).toBe(false);
  });
});
