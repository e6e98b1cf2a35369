import { describe, expect, it, vi } from 'vitest';
import { listen } from './listen.ts';

describe('listen', () => {
  it('calls each handler for its event until the returned function removes them all', () => {
    const el = document.createElement('div');
    const onClick = vi.fn();
    const onKey = vi.fn();
    const stop = listen(el, { click: onClick, keydown: onKey });
    el.dispatchEvent(new Event('click'));
    el.dispatchEvent(new Event('keydown'));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(onKey).toHaveBeenCalledTimes(1);

    stop();
    el.dispatchEvent(new Event('click'));
    el.dispatchEvent(new Event('keydown'));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(onKey).toHaveBeenCalledTimes(1);
  });

  it('passes each event its own options', () => {
    const el = document.createElement('div');
    const add = vi.spyOn(el, 'addEventListener');
    const noop = () => undefined;
    listen(el, { touchstart: noop, touchmove: noop, touchend: noop }, { touchstart: { passive: true }, touchmove: { passive: false } });
    expect(add.mock.calls).toEqual([
      ['touchstart', noop, { passive: true }],
      ['touchmove', noop, { passive: false }],
      ['touchend', noop, undefined],
    ]);
  });
});
