/** 75 → "01:15"; 3725 → "1:02:05". */
export function clock(seconds: number | null | undefined): string {
  const s = Number.isFinite(seconds) && seconds != null ? Math.max(0, Math.floor(seconds)) : 0;
  const h = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, '0');
  const ss = String(s % 60).padStart(2, '0');
  return h ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

export function speedLabel(speed: number): string {
  return `${speed === 1 ? '1.0' : String(speed)}x`;
}
