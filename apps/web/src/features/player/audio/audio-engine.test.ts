import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlaylistItem } from '../api/get-playlist.ts';
import { AudioEngine, type AudioTrack } from './audio-engine.ts';
import { isDockActive } from './dock-store.ts';

const track: AudioTrack = { courseId: 31, courseName: '金融数据出境合规路径', lecturer: '何振宇', cover: '', chapterId: 1, title: '第1讲' };
const playlist: PlaylistItem[] = [1, 2, 3].map((id) => ({ chapterId: id, title: `第${id}讲`, duration: 600, isFreeTrial: false, playable: true, mediaType: 2 }));

beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
  // No network in these tests: the engine's play() asks for a play authorisation it never gets.
  vi.stubGlobal('fetch', vi.fn(() => new Promise(() => {})));
});
afterEach(() => vi.useRealTimers());

describe('AudioEngine', () => {
  it('keeps its <audio> outside the page tree and docks the mini bar while a course is loaded', () => {
    const engine = new AudioEngine();
    void engine.play(track, playlist);
    const el = engine.media();
    expect(el.parentElement).toBe(document.body);
    expect(engine.getState().track?.title).toBe('第1讲');
    expect(isDockActive()).toBe(true);
    engine.close();
    expect(isDockActive()).toBe(false);
    expect(engine.getState().track).toBeNull();
  });

  it('pauses when the sleep timer runs out, and stops at the end of the chapter when asked', () => {
    vi.useFakeTimers();
    const engine = new AudioEngine();
    void engine.play(track, playlist);
    const pause = vi.spyOn(engine.media(), 'pause');
    engine.setSleep(15);
    expect(engine.getState().sleepAt).toBe(Date.now() + 15 * 60_000);
    vi.advanceTimersByTime(15 * 60_000 - 1);
    expect(pause).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(pause).toHaveBeenCalledTimes(1);
    expect(engine.getState().sleep).toBeNull();

    // "播完本集": the chapter ends, the next one does not start.
    engine.setSleep('chapter');
    engine.media().dispatchEvent(new Event('ended'));
    expect(engine.getState().track?.chapterId).toBe(1);
    expect(engine.getState().sleep).toBeNull();
    // Without it, the series goes on with the next chapter.
    engine.media().dispatchEvent(new Event('ended'));
    expect(engine.getState().track?.chapterId).toBe(2);
    expect(engine.getState().track?.title).toBe('第2讲');
    engine.close();
  });

  it('changes speed on the element and remembers it', () => {
    const engine = new AudioEngine();
    void engine.play(track, playlist);
    engine.setSpeed(1.25);
    expect(engine.media().playbackRate).toBe(1.25);
    expect(localStorage.getItem('jf_play_speed')).toBe('1.25');
    engine.close();
  });
});
