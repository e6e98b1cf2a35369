import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AnchorNav, type Anchor } from './anchor-nav.tsx';

const anchors: Anchor[] = [
  { id: 'intro', label: '简介' },
  { id: 'chapters', label: '目录' },
  { id: 'appraisals', label: '评价' },
];

/** Lays the three sections out at the given viewport tops. */
function layout(tops: Record<string, number>) {
  for (const [id, top] of Object.entries(tops)) {
    const el = document.getElementById(id)!;
    el.getBoundingClientRect = () => ({ top, bottom: top + 400, left: 0, right: 390, width: 390, height: 400, x: 0, y: top, toJSON: () => ({}) });
  }
}

function renderNav() {
  render(
    <>
      <AnchorNav anchors={anchors} />
      {anchors.map((a) => (
        <section key={a.id} id={a.id} />
      ))}
    </>,
  );
}

const current = () => screen.getAllByRole('button').find((b) => b.getAttribute('aria-current') === 'true')?.textContent;

afterEach(() => vi.restoreAllMocks());

describe('AnchorNav', () => {
  it('marks 目录 once its heading sits just under the sticky bars', async () => {
    renderNav();
    layout({ intro: -420, chapters: 118, appraisals: 700 });
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
    await waitFor(() => expect(current()).toBe('目录'));
    // Further down: 评价 comes up to the bars.
    layout({ intro: -1400, chapters: -880, appraisals: 100 });
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
    await waitFor(() => expect(current()).toBe('评价'));
  });

  it('keeps 简介 while the next section is still lower on the screen', async () => {
    renderNav();
    layout({ intro: 100, chapters: 500, appraisals: 900 });
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
    await waitFor(() => expect(current()).toBe('简介'));
  });

  it('scrolls a tapped section to just under the bars, not beneath them', async () => {
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    renderNav();
    layout({ intro: 300, chapters: 900, appraisals: 1500 });
    await waitFor(() => expect(current()).toBe('简介'));
    screen.getByRole('button', { name: '目录' }).click();
    expect(scrollTo).toHaveBeenCalledTimes(1);
    const top = (scrollTo.mock.calls[0]![0] as ScrollToOptions).top!;
    // 900 from the viewport top, minus the bars (header + strip) that would otherwise cover it.
    expect(top).toBeGreaterThan(700);
    expect(top).toBeLessThan(900);
    await waitFor(() => expect(current()).toBe('目录'));
    vi.unstubAllGlobals();
  });
});
