/**
 * Demo slides: simple 16:9 SVG pages (a title page, one page per key point, a summary), stored
 * as data URLs so the seeded courses have PPT without binary assets. Real slides are image URLs.
 */

const W = 960;
const H = 540;

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);
}

/** Breaks text into lines of at most `width` characters (CJK text has no spaces to break at). */
function wrap(text: string, width: number, maxLines: number): string[] {
  const chars = Array.from(text);
  const lines: string[] = [];
  for (let i = 0; i < chars.length && lines.length < maxLines; i += width) lines.push(chars.slice(i, i + width).join(''));
  if (chars.length > width * maxLines) lines[maxLines - 1] = `${Array.from(lines[maxLines - 1] ?? '').slice(0, width - 1).join('')}…`;
  return lines;
}

export interface SlideText {
  kicker: string;
  title: string;
  body: string[];
  page: number;
  pages: number;
}

export function slideSvg(s: SlideText): string {
  const titleLines = wrap(s.title, 18, 2);
  const bodyLines = s.body.flatMap((b) => wrap(b, 26, 2).map((l, i) => (i === 0 ? `• ${l}` : `  ${l}`))).slice(0, 7);
  const title = titleLines
    .map((l, i) => `<text x="64" y="${150 + i * 56}" font-size="44" font-weight="700" fill="#1f2d3d">${escapeXml(l)}</text>`)
    .join('');
  const bodyTop = 150 + titleLines.length * 56 + 40;
  const body = bodyLines.map((l, i) => `<text x="72" y="${bodyTop + i * 44}" font-size="28" fill="#3a4a5c">${escapeXml(l)}</text>`).join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="PingFang SC, Noto Sans CJK SC, Microsoft YaHei, sans-serif">` +
    `<rect width="${W}" height="${H}" fill="#f7f9fc"/>` +
    `<rect width="${W}" height="10" fill="#c8102e"/>` +
    `<rect x="40" y="60" width="8" height="40" fill="#c8102e"/>` +
    `<text x="64" y="90" font-size="24" fill="#8a96a3">${escapeXml(s.kicker)}</text>` +
    title +
    body +
    `<text x="64" y="${H - 32}" font-size="20" fill="#8a96a3">金法课堂</text>` +
    `<text x="${W - 64}" y="${H - 32}" font-size="20" fill="#8a96a3" text-anchor="end">${s.page} / ${s.pages}</text>` +
    `</svg>`
  );
}

export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** The key points of a seeded course: the `<li>` items of its detail HTML. */
export function keyPoints(detailHtml: string): string[] {
  return [...detailHtml.matchAll(/<li>([\s\S]*?)<\/li>/g)].map((m) => (m[1] ?? '').replace(/<[^>]+>/g, '').trim()).filter(Boolean);
}

/** The pages of a course deck (title page, one page per point, summary), numbered within the deck. */
function deckSlides(courseName: string, lecturer: string, points: readonly string[]): SlideText[] {
  const pages = points.length + 2;
  return [
    { kicker: `主讲：${lecturer}`, title: courseName, body: ['课程讲义', '仅供学员学习使用'], page: 1, pages },
    ...points.map((p, i) => ({ kicker: `要点 ${i + 1}`, title: p, body: [`结合案例理解：${p}`, '对照制度条款，梳理本岗位的操作要求'], page: i + 2, pages })),
    { kicker: '小结', title: '本课回顾', body: points.slice(0, 4), page: pages, pages },
  ];
}

/** A deck for a course: title page, one page per point, summary. */
export function courseDeck(courseName: string, lecturer: string, points: readonly string[]): string[] {
  return deckSlides(courseName, lecturer, points).map((s) => svgDataUrl(slideSvg(s)));
}

/**
 * The slides of a series: the course title page (shown with every chapter) and, per chapter,
 * its own pages. The player shows a chapter's slides as the title page followed by that
 * chapter's pages, so every page is numbered within that view ("2 / 3"), not the course deck.
 */
export function seriesDeck(
  courseName: string,
  lecturer: string,
  chapters: ReadonlyArray<{ title: string; points: readonly string[] }>,
  pagesPerChapter = 2,
): { title: string; chapters: string[][] } {
  const pages = pagesPerChapter + 1;
  const title = deckSlides(courseName, lecturer, [])[0]!;
  return {
    title: svgDataUrl(slideSvg({ ...title, page: 1, pages })),
    chapters: chapters.map((ch) => {
      // Point pages first, then the chapter's summary, cut or padded to the same count for every chapter.
      const body = deckSlides(ch.title, lecturer, ch.points).slice(1);
      while (body.length < pagesPerChapter) body.push(body[body.length - 1]!);
      return body.slice(0, pagesPerChapter).map((s, i) => svgDataUrl(slideSvg({ ...s, page: i + 2, pages })));
    }),
  };
}
