import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../src/modules/courses/sanitize-html.ts';

// The course introduction's allow-list (issue 11 §4: sanitize-html in place of the hand-written one).
describe('sanitizeHtml', () => {
  it.each([
    ['handlers, scripts and bad image sources go', '<p onclick="steal()">正文<script>alert(1)</script><img src="javascript:alert(1)"><img src="/a.png" onerror="x()"></p>', '<p>正文<img src="/a.png" /></p>'],
    ['a tab inside the scheme', '<img src="java\tscript:alert(1)">', ''],
    ['an entity-encoded scheme', '<img src="&#106;avascript:alert(1)">', ''],
    ['a data: image', '<img src="data:image/png;base64,xx">', ''],
    ['a backslash-relative source', '<img src="\\\\evil.example/a.png">', ''],
    ['an image without a source', '<img alt="no src">', ''],
    ['upper-case tags and attributes, alt kept and escaped', '<IMG SRC="https://x.example/a.png" ALT="a &quot;b&quot;" title="t">', '<img src="https://x.example/a.png" alt="a &quot;b&quot;" />'],
    ['a protocol-relative source', '<img src="//cdn.example/a.png">', '<img src="//cdn.example/a.png" />'],
    ['links and divs keep only their text', '<div><a href="https://x.example">link</a></div>', 'link'],
    ['comments and doctypes vanish; text is escaped', '<!-- c --><!DOCTYPE html><p>a < b & c > d</p>', '<p>a &lt; b &amp; c &gt; d</p>'],
    ['open elements are closed', '<p><strong>unclosed', '<p><strong>unclosed</strong></p>'],
    ['code-bearing elements go with their content', '<svg><script>x</script></svg><iframe src="x">in</iframe><style>p{}</style>after', 'after'],
    ['styles go', '<p style="color:red">x</p>', '<p>x</p>'],
    ['the allowed set stays; other headings keep their text', '<span title="x">s</span><h3>h</h3><h4>i</h4><h1>big</h1><ul><li>1</li></ul><ol><li>2</li></ol><em>e</em><br>', '<span>s</span><h3>h</h3><h4>i</h4>big<ul><li>1</li></ul><ol><li>2</li></ol><em>e</em><br />'],
  ])('%s', (_name, input, output) => {
    expect(sanitizeHtml(input)).toBe(output);
  });

  it('cannot be closed out of: a stray closing tag does not close the page around it', () => {
    const out = sanitizeHtml('</div></body><p>x</p></p></p>');
    expect(out).not.toMatch(/<\/(div|body)>/);
    expect(out.match(/<p>/g)?.length ?? 0).toBe(out.match(/<\/p>/g)?.length ?? 0);
  });
});
