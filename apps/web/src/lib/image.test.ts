import { describe, expect, it } from 'vitest';
import { resizeImage } from './image.ts';

describe('resizeImage', () => {
  it('adds fill-resize parameters for our hosts', () => {
    expect(resizeImage('https://static.jinfaketang.com/a.jpg', { width: 200, height: 120 })).toBe(
      'https://static.jinfaketang.com/a.jpg?x-oss-process=image/resize,m_fill,w_200,h_120',
    );
    expect(resizeImage('https://jinfa-cdn.com/a.jpg', { width: 200 })).toBe(
      'https://jinfa-cdn.com/a.jpg?x-oss-process=image/resize,w_200',
    );
  });

  it('keeps the existing query and hash, and replaces an earlier resize', () => {
    expect(resizeImage('https://img.jinfa-cdn.com/a.jpg?v=3#top', { width: 100, height: 100 })).toBe(
      'https://img.jinfa-cdn.com/a.jpg?v=3&x-oss-process=image/resize,m_fill,w_100,h_100#top',
    );
    expect(
      resizeImage('https://img.jinfa-cdn.com/a.jpg?x-oss-process=image/resize,w_50&v=1', { width: 80 }),
    ).toBe('https://img.jinfa-cdn.com/a.jpg?v=1&x-oss-process=image/resize,w_80');
  });

  it('handles same-origin /media/ paths, relative or absolute', () => {
    expect(resizeImage('/media/covers/1.jpg', { width: 64, height: 64 })).toBe(
      '/media/covers/1.jpg?x-oss-process=image/resize,m_fill,w_64,h_64',
    );
    expect(resizeImage(`${window.location.origin}/media/x.png`, { width: 10.4 })).toBe(
      `${window.location.origin}/media/x.png?x-oss-process=image/resize,w_10`,
    );
  });

  it('leaves other hosts, lookalike hosts, non-media paths and data urls untouched', () => {
    for (const url of [
      'https://example.com/a.jpg',
      'https://evil-jinfaketang.com/a.jpg',
      'https://jinfa-cdn.com.evil.io/a.jpg',
      '/assets/logo.png',
      'data:image/png;base64,AAAA',
      '',
    ]) {
      expect(resizeImage(url, { width: 100 })).toBe(url);
    }
  });
});
