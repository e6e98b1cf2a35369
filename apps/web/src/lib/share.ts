import { Limits } from '@jinfa/shared/enums';
import { resizeImage } from './image.ts';

/** The standard logo used when a shared page has no image of its own (spec §5). */
export const DEFAULT_SHARE_IMAGE_PATH = '/logo-share.png';
/** Share thumbnails are square; the messaging app shows them at about 100 px. */
export const SHARE_IMAGE_SIZE = 300;

const NAMED_ENTITIES: Record<string, string> = {
  nbsp: ' ',
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  hellip: '…',
  mdash: '—',
  ndash: '–',
  ldquo: '“',
  rdquo: '”',
  lsquo: '‘',
  rsquo: '’',
  middot: '·',
  yen: '¥',
  copy: '©',
  reg: '®',
  times: '×',
  emsp: ' ',
  ensp: ' ',
  thinsp: ' ',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, body: string) => {
    if (body[0] === '#') {
      const point = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(point) && point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : match;
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? match;
  });
}

/** Rich-text HTML to plain text: tags removed, entities decoded, whitespace collapsed. */
export function stripMarkup(html: string | null | undefined): string {
  if (!html) return '';
  const text = html
    .replace(/<(script|style)[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<[^>]*>/g, ' ');
  return decodeEntities(text).replace(/\s+/g, ' ').trim();
}

/** Share text (spec §5): markup stripped, then cut to 200 characters (code points, so emoji stay whole). */
export function shareDescription(html: string | null | undefined, limit: number = Limits.SHARE_TEXT_LIMIT): string {
  const chars = Array.from(stripMarkup(html));
  return chars.length > limit ? chars.slice(0, limit).join('') : chars.join('');
}

function absolute(url: string): string {
  const origin = typeof window !== 'undefined' ? window.location.origin : '';
  try {
    return new URL(url, origin || undefined).href;
  } catch {
    return url;
  }
}

/** Share image (spec §5): the page's image, or the standard logo; absolute, resized on our hosts. */
export function shareImage(url?: string | null): string {
  const source = url?.trim() ? url.trim() : DEFAULT_SHARE_IMAGE_PATH;
  return resizeImage(absolute(source), { width: SHARE_IMAGE_SIZE, height: SHARE_IMAGE_SIZE });
}
