/**
 * A small allowlist sanitiser for course introductions (rich text written by editors, shown with
 * innerHTML on the course page). Rather than a parser it tokenises tags with one pattern and
 * rebuilds the output from scratch, so nothing the input says reaches the page unless it is on
 * the list:
 * - allowed elements: p, br, h3, h4, strong, em, ul, ol, li, span, img; others are dropped but
 *   their text is kept (escaped);
 * - script, style, iframe and friends are dropped together with their content;
 * - the only attributes kept are img's src (http, https or relative) and alt; every on* handler,
 *   style, and javascript:/data: URL goes;
 * - text is escaped; well-formed entities are kept; comments and doctypes vanish;
 * - open elements are closed at the end and stray closing tags are ignored, so the fragment
 *   cannot break the page around it.
 */

const ALLOWED = new Set(['p', 'br', 'h3', 'h4', 'strong', 'em', 'ul', 'ol', 'li', 'span', 'img']);
const VOID = new Set(['br', 'img']);
/** Elements whose content is not text a learner should see, and may be code. */
const DROP_WITH_CONTENT = new Set(['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript', 'textarea', 'title', 'xmp', 'noembed', 'noframes', 'svg', 'math', 'select']);

const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)([^>]*)>/y;
const COMMENT = /<!--[\s\S]*?(?:-->|$)/y;
const DECLARATION = /<[!?][^>]*(?:>|$)/y;
const ATTR = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
const ENTITY = /^&(?:[a-zA-Z][a-zA-Z0-9]{1,31}|#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6});/;

function escapeText(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (ch === '&') {
      const m = ENTITY.exec(text.slice(i, i + 40));
      if (m) {
        out += m[0];
        i += m[0].length - 1;
      } else {
        out += '&amp;';
      }
    } else if (ch === '<') out += '&lt;';
    else if (ch === '>') out += '&gt;';
    else if (ch === '"') out += '&quot;';
    else out += ch;
  }
  return out;
}

function escapeAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#39;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", colon: ':', tab: '\t', newline: '\n', nbsp: '\u00a0' };

/** Decodes the entities a browser would decode in an attribute, enough to see the real URL scheme. */
function decodeEntities(value: string): string {
  return value.replace(/&(#[xX][0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);?/g, (whole, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number.parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return NAMED[body.toLowerCase()] ?? whole;
  });
}

/** An image source we let through: http(s) or relative. Returns the cleaned URL or null. */
export function safeImageSrc(raw: string): string | null {
  // Browsers ignore whitespace and control characters inside a scheme ("java\tscript:").
  // eslint-disable-next-line no-control-regex
  const url = decodeEntities(raw).replace(/[\u0000-\u0020\u007f-\u009f]+/g, '');
  if (!url) return null;
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(url);
  if (scheme) {
    const name = (scheme[1] as string).toLowerCase();
    return name === 'http' || name === 'https' ? url : null;
  }
  // No scheme: relative or protocol-relative; a backslash start is how some browsers read "//".
  if (url.startsWith('\\')) return null;
  return url;
}

function renderOpenTag(name: string, rawAttrs: string): string | null {
  if (name !== 'img') return `<${name}>`;
  let src: string | null = null;
  let alt: string | null = null;
  for (const m of rawAttrs.matchAll(ATTR)) {
    const attr = (m[1] as string).toLowerCase();
    const value = m[2] ?? m[3] ?? m[4] ?? '';
    if (attr === 'src' && src === null) src = safeImageSrc(value) ?? '';
    else if (attr === 'alt' && alt === null) alt = decodeEntities(value);
  }
  // An image without a usable source shows nothing; drop it.
  if (!src) return null;
  return `<img src="${escapeAttr(src)}"${alt !== null ? ` alt="${escapeAttr(alt)}"` : ''}>`;
}

export function sanitizeHtml(input: string): string {
  let out = '';
  const open: string[] = [];
  let i = 0;
  let textStart = 0;
  const flushText = (end: number) => {
    if (end > textStart) out += escapeText(input.slice(textStart, end));
  };

  while (i < input.length) {
    const lt = input.indexOf('<', i);
    if (lt === -1) break;
    i = lt;

    COMMENT.lastIndex = i;
    const comment = COMMENT.exec(input);
    if (comment) {
      flushText(i);
      i += comment[0].length;
      textStart = i;
      continue;
    }
    TAG.lastIndex = i;
    const tag = TAG.exec(input);
    if (!tag) {
      DECLARATION.lastIndex = i;
      const decl = DECLARATION.exec(input);
      if (decl) {
        flushText(i);
        i += decl[0].length;
        textStart = i;
        continue;
      }
      // A lone "<" is text; escapeText turns it into &lt; when the run is flushed.
      i += 1;
      continue;
    }

    flushText(i);
    const closing = tag[1] === '/';
    const name = (tag[2] as string).toLowerCase();
    i += tag[0].length;

    if (!closing && DROP_WITH_CONTENT.has(name)) {
      const end = new RegExp(`</${name}\\s*>`, 'i').exec(input.slice(i));
      i = end ? i + end.index + end[0].length : input.length;
    } else if (ALLOWED.has(name)) {
      if (closing) {
        const at = open.lastIndexOf(name);
        if (at !== -1) {
          // Close everything opened inside it too, innermost first.
          while (open.length > at) out += `</${open.pop()}>`;
        }
      } else {
        const rendered = renderOpenTag(name, tag[3] ?? '');
        if (rendered) {
          out += rendered;
          if (!VOID.has(name)) open.push(name);
        }
      }
    }
    textStart = i;
  }
  flushText(input.length);
  while (open.length) out += `</${open.pop()}>`;
  return out;
}
