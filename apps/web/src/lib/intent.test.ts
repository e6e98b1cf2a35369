import { describe, expect, it, vi } from 'vitest';
import { onFirstIntent } from './intent.ts';

describe('onFirstIntent', () => {
  it('runs every waiting function once, at the first touch, and then stops listening', () => {
    const a = vi.fn();
    const b = vi.fn();
    onFirstIntent(a);
    onFirstIntent(b);
    expect(a).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('pointerdown'));
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('keydown'));
    expect(a).toHaveBeenCalledTimes(1);
  });

  it('listens again for functions added after the first intent', () => {
    const later = vi.fn();
    onFirstIntent(later);
    document.body.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(later).toHaveBeenCalledTimes(1);
  });
});
