import { describe, expect, it } from 'vitest';
import { captureAttribution, getSourceId, getTrackDetail, saveSourceId, saveTrackDetail } from './source-id.ts';

const T0 = Date.UTC(2025, 0, 1, 2, 0, 0);
const MIN = 60_000;

describe('source id (suid)', () => {
  it('stores a numeric suid for 30 minutes', () => {
    expect(saveSourceId('1024', T0)).toBe(1024);
    expect(getSourceId(T0 + 29 * MIN)).toBe(1024);
    expect(getSourceId(T0 + 30 * MIN)).toBeNull();
    // expired entries are removed
    expect(window.localStorage.getItem('source_id')).toBeNull();
  });

  it('parses like parseInt and ignores non-numeric values', () => {
    expect(saveSourceId('77abc', T0)).toBe(77);
    expect(saveSourceId('abc', T0 + MIN)).toBeNull();
    expect(saveSourceId('', T0 + MIN)).toBeNull();
    expect(getSourceId(T0 + 2 * MIN)).toBe(77);
  });

  it('a new suid replaces the old one and restarts the clock', () => {
    saveSourceId('1', T0);
    saveSourceId('2', T0 + 20 * MIN);
    expect(getSourceId(T0 + 45 * MIN)).toBe(2);
  });

  it('is null when nothing or garbage is stored', () => {
    expect(getSourceId(T0)).toBeNull();
    window.localStorage.setItem('source_id', '{oops');
    expect(getSourceId(T0)).toBeNull();
  });
});

describe('track detail (tid/soldBy)', () => {
  it('keeps tid and soldBy in session storage, soldBy empty when absent', () => {
    expect(saveTrackDetail('t-9', undefined)).toEqual({ tid: 't-9', soldBy: '' });
    expect(getTrackDetail()).toEqual({ tid: 't-9', soldBy: '' });
    expect(window.sessionStorage.getItem('track_detail')).not.toBeNull();
    expect(window.localStorage.getItem('track_detail')).toBeNull();
  });

  it('is captured from a location query together with suid', () => {
    captureAttribution(new URLSearchParams('courseId=3&suid=55&tid=abc&soldBy=agent7'), T0);
    expect(getSourceId(T0 + MIN)).toBe(55);
    expect(getTrackDetail()).toEqual({ tid: 'abc', soldBy: 'agent7' });
  });

  it('leaves the stored values alone when the query has none', () => {
    saveTrackDetail('keep', 'me');
    captureAttribution(new URLSearchParams('courseId=3'), T0);
    expect(getTrackDetail()).toEqual({ tid: 'keep', soldBy: 'me' });
    expect(getSourceId(T0)).toBeNull();
  });
});
