import { describe, expect, it } from 'vitest';
import { buildShareData, DEFAULT_SHARE_DESC, DEFAULT_SHARE_TITLE, shareLink, signatureUrl } from './share-data.ts';

const loc = (href: string) => new URL(href) as unknown as Location;
const HTTPS = loc('https://h5.jinfaketang.com/course/detail?courseId=7');
const HTTP_HASH = loc('http://192.168.1.5:3000/#/course/detail?courseId=7&suid=99');

describe('buildShareData', () => {
  it('strips the markup of the description and cuts it to 200 characters', () => {
    const long = `<p>合同<b>审查</b>&amp;实务</p>${'法'.repeat(300)}`;
    const data = buildShareData({ title: '担保合同', desc: long }, { suid: null, tid: '' }, HTTPS);
    expect(data.desc.startsWith('合同 审查 &实务')).toBe(true);
    expect(Array.from(data.desc)).toHaveLength(200);
    expect(data.desc).not.toMatch(/[<>]/);
  });

  it('falls back to the standard logo, absolute and resized, and to default texts', () => {
    const data = buildShareData({}, { suid: null, tid: '' }, HTTPS);
    expect(data.title).toBe(DEFAULT_SHARE_TITLE);
    expect(data.desc).toBe(DEFAULT_SHARE_DESC);
    expect(data.imgUrl).toMatch(/^https?:\/\/[^/]+\/logo-share\.png/);
  });

  it('resizes a cover from our file host', () => {
    const data = buildShareData({ image: 'https://img.jinfaketang.com/c/1.jpg' }, { suid: null, tid: '' }, HTTPS);
    expect(data.imgUrl).toBe('https://img.jinfaketang.com/c/1.jpg?x-oss-process=image/resize,m_fill,w_300,h_300');
  });

  it('links to the page being shown with suid and tid, path-routed over https', () => {
    const data = buildShareData({}, { suid: 42, tid: 'T9' }, HTTPS);
    expect(data.link).toBe('https://h5.jinfaketang.com/course/detail?courseId=7&suid=42&tid=T9');
  });

  it('never passes on the invitation token the page arrived with (decision 019)', () => {
    const arrived = loc('https://h5.jinfaketang.com/activity/cashBack?id=5&suid=7&it=AbCdEfGhIjKlMnOpQrStUvWx&source=rebate');
    expect(buildShareData({}, { suid: 42, tid: '' }, arrived).link).toBe('https://h5.jinfaketang.com/activity/cashBack?id=5&source=rebate&suid=42');
    const own = buildShareData({ link: '/activity/cashBack?id=5&it=OwnTokenOwnTokenOwnToken' }, { suid: 42, tid: '' }, arrived);
    expect(own.link).toBe('https://h5.jinfaketang.com/activity/cashBack?id=5&it=OwnTokenOwnTokenOwnToken&suid=42');
  });

  it('links inside the hash route over http, replacing the suid the page arrived with', () => {
    const data = buildShareData({ link: '/columns/detail?id=3' }, { suid: 42, tid: '' }, HTTP_HASH);
    expect(data.link).toBe('http://192.168.1.5:3000/#/columns/detail?id=3&suid=42');
    expect(shareLink('/course/detail?courseId=7&suid=99&tid=old', { suid: null, tid: '' }, HTTP_HASH)).toBe('http://192.168.1.5:3000/#/course/detail?courseId=7');
  });
});

describe('signatureUrl', () => {
  it('signs the address without its fragment', () => {
    expect(signatureUrl('Android MicroMessenger', HTTP_HASH)).toBe('http://192.168.1.5:3000/');
    expect(signatureUrl('Android MicroMessenger', loc('https://h5.jinfaketang.com/course/detail?courseId=7#intro'))).toBe(
      'https://h5.jinfaketang.com/course/detail?courseId=7',
    );
  });
});
