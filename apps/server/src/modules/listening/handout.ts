/**
 * The courseware handout generated from a course's slides: one self-contained HTML page (the
 * slides inline, a print stylesheet), what `courseware.storage = 'generated'` downloads as.
 */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

export function renderHandout(courseName: string, lecturer: string, slideUrls: readonly string[]): string {
  const slides = slideUrls
    .map((url, i) => `<figure><img src="${escapeHtml(url)}" alt="第${i + 1}页"><figcaption>第 ${i + 1} 页</figcaption></figure>`)
    .join('\n');
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>${escapeHtml(courseName)} · 课件</title>
<style>body{font-family:sans-serif;margin:24px;color:#1f2d3d}figure{margin:0 0 24px;page-break-inside:avoid}img{width:100%;max-width:960px;border:1px solid #e5e8ed}figcaption{color:#8a96a3;font-size:12px}</style>
</head><body><h1>${escapeHtml(courseName)}</h1><p>主讲：${escapeHtml(lecturer)}</p>
${slides}
</body></html>
`;
}
