import { describe, expect, it } from 'vitest';
import { TEXT_COLOURS } from '../src/app/theme';

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('theme', () => {
  it('keeps every text colour at WCAG AA (4.5:1) on white and on the page background', () => {
    for (const colour of TEXT_COLOURS) {
      expect(contrast(colour, '#ffffff'), colour).toBeGreaterThanOrEqual(4.5);
      expect(contrast(colour, '#f5f5f5'), colour).toBeGreaterThanOrEqual(4.5);
    }
  });
});
