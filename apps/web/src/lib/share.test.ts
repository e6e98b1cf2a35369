import { describe, expect, it } from 'vitest';
import { DEFAULT_SHARE_IMAGE_PATH, shareDescription, shareImage, stripMarkup } from './share.ts';

describe('shareDescription', () => {
  it('strips tags, decodes entities and collapses whitespace', () => {
    const html = '<p>商业银行&nbsp;<b>合规</b>&amp;风控</p>\n\n<p>第&#19968;讲 &lt;导论&gt; &#x4E8C;</p><script>alert(1)</script>';
    expect(shareDescription(html)).toBe('商业银行 合规 &风控 第一讲 <导论> 二');
  });

  it('cuts to 200 characters counted by code points', () => {
    const long = `<div>${'法'.repeat(250)}</div>`;
    expect(Array.from(shareDescription(long))).toHaveLength(200);
    const emoji = '😀'.repeat(201);
    const out = shareDescription(emoji);
    expect(Array.from(out)).toHaveLength(200);
    expect(out).toBe('😀'.repeat(200));
  });

  it('keeps short text whole and handles empty input', () => {
    expect(shareDescription('短文本')).toBe('短文本');
    expect(shareDescription('')).toBe('');
    expect(shareDescription(undefined)).toBe('');
    expect(stripMarkup('<br/>  <!-- note --> a  ')).toBe('a');
  });
});

describe('shareImage', () => {
  it('defaults to the standard logo, absolute to the origin', () => {
    expect(shareImage()).toBe(`${window.location.origin}${DEFAULT_SHARE_IMAGE_PATH}`);
    expect(shareImage('   ')).toBe(`${window.location.origin}${DEFAULT_SHARE_IMAGE_PATH}`);
  });

  it('resizes images of our hosts and leaves others alone', () => {
    expect(shareImage('https://img.jinfa-cdn.com/c/1.jpg')).toBe(
      'https://img.jinfa-cdn.com/c/1.jpg?x-oss-process=image/resize,m_fill,w_300,h_300',
    );
    expect(shareImage('/media/covers/2.png')).toBe(
      `${window.location.origin}/media/covers/2.png?x-oss-process=image/resize,m_fill,w_300,h_300`,
    );
    expect(shareImage('https://example.org/a.png')).toBe('https://example.org/a.png');
  });
});
