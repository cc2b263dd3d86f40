/**
 * Whether an XML document's elements nest properly: every start tag closed, in order, one root,
 * nothing after it. cheerio's XML mode reads anything, so a truncated or mangled feed would
 * otherwise pass as a shorter one. Entities are not checked: feeds commonly use HTML entities
 * such as &nbsp;, and readers accept them.
 */

/** null when the elements nest properly, else what is wrong and on which line. */
export function checkWellFormed(xml: string): string | null {
  const stack: string[] = [];
  let rootClosed = false;
  let index = 0;
  const lineAt = (position: number) => {
    let line = 1;
    for (let i = 0; i < position; i++) if (xml.charCodeAt(i) === 10) line++;
    return line;
  };
  const skipTo = (marker: string, from: number): number => {
    const end = xml.indexOf(marker, from);
    return end === -1 ? -1 : end + marker.length;
  };

  while (index < xml.length) {
    const open = xml.indexOf('<', index);
    if (open === -1) {
      if (rootClosed || stack.length > 0 || xml.slice(index).trim() === '') break;
      return `text outside the root element on line ${lineAt(index)}`;
    }
    if (stack.length === 0 && xml.slice(index, open).trim() !== '') {
      return `text outside the root element on line ${lineAt(index)}`;
    }
    let end: number;
    if (xml.startsWith('<!--', open)) end = skipTo('-->', open + 4);
    else if (xml.startsWith('<![CDATA[', open)) end = skipTo(']]>', open + 9);
    else if (xml.startsWith('<?', open)) end = skipTo('?>', open + 2);
    else if (xml.startsWith('<!', open)) end = skipDeclaration(xml, open);
    else {
      end = tagEnd(xml, open);
      if (end === -1) return `a tag is not closed on line ${lineAt(open)}`;
      const tag = xml.slice(open + 1, end - 1);
      const problem = checkTag(tag, stack, rootClosed);
      if (problem) return `${problem} on line ${lineAt(open)}`;
      if (stack.length === 0) rootClosed = true;
    }
    if (end === -1) return `a comment or section is not closed after line ${lineAt(open)}`;
    index = end;
  }
  if (stack.length > 0) return `the document ends before <${stack.at(-1)}> is closed (it may be cut short)`;
  if (!rootClosed) return 'there is no root element';
  return null;
}

/** Index just past the tag's '>', quotes in attribute values respected; -1 when it never ends. */
function tagEnd(xml: string, open: number): number {
  let quote: string | null = null;
  for (let i = open + 1; i < xml.length; i++) {
    const char = xml[i];
    if (quote) {
      if (char === quote) quote = null;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '>') return i + 1;
    else if (char === '<') return -1;
  }
  return -1;
}

/** <!DOCTYPE ...> with an optional internal subset in brackets. */
function skipDeclaration(xml: string, open: number): number {
  let depth = 0;
  for (let i = open + 2; i < xml.length; i++) {
    if (xml[i] === '[') depth++;
    else if (xml[i] === ']') depth--;
    else if (xml[i] === '>' && depth <= 0) return i + 1;
  }
  return -1;
}

const NAME = /^[A-Za-z_][\w.:-]*/;

function checkTag(tag: string, stack: string[], rootClosed: boolean): string | null {
  if (tag.startsWith('/')) {
    const name = tag.slice(1).trim();
    const expected = stack.pop();
    if (expected === undefined) return `</${name}> closes nothing`;
    if (expected !== name) return `</${name}> closes <${expected}>`;
    return null;
  }
  const name = NAME.exec(tag)?.[0];
  if (!name) return 'a tag has no name';
  if (stack.length === 0 && rootClosed) return `<${name}> follows the root element`;
  if (!tag.endsWith('/')) stack.push(name);
  return null;
}
