import { qrModules } from '../../../lib/qr.ts';

/** What the share poster shows (issue 6 §4: cover, title, lecturer, price, the learner, a QR code of the link). */
export interface PosterData {
  title: string;
  lecturer: string;
  price: string;
  learnerName: string;
  link: string;
}

/** Drawn at 2× a 375-px-wide phone: sharp when saved, about 100 KB as PNG. */
export const POSTER_WIDTH = 750;
export const POSTER_HEIGHT = 1130;

const NAVY = '#14305c';
const GOLD = '#c9a45c';
const RED = '#e5484d';
const INK = '#1f2329';
const GREY = '#8a919f';
const FONT = '"PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif';

/** A cover that fails to load (or is not CORS-readable) becomes null: the poster draws a placeholder. */
export function loadImage(src: string): Promise<HTMLImageElement | null> {
  if (!src) return Promise.resolve(null);
  return new Promise((resolve) => {
    const img = new Image();
    // Without CORS the canvas is tainted and cannot be exported.
    img.crossOrigin = 'anonymous';
    img.onload = () => resolve(img);
    img.onerror = () => resolve(null);
    img.src = src;
  });
}

// The QR modules come from lib/qr.ts, shared with the Native pay sheet.
export { qrModules };

/** Splits text into at most `maxLines` lines that fit `width`; the last one ends in … when cut. */
export function wrapText(ctx: CanvasRenderingContext2D, text: string, width: number, maxLines: number): string[] {
  const chars = Array.from(text);
  const lines: string[] = [];
  let line = '';
  for (let i = 0; i < chars.length; i += 1) {
    const next = line + chars[i];
    if (ctx.measureText(next).width > width && line) {
      if (lines.length === maxLines - 1) {
        let cut = line;
        while (cut && ctx.measureText(`${cut}…`).width > width) cut = cut.slice(0, -1);
        lines.push(`${cut}…`);
        return lines;
      }
      lines.push(line);
      line = chars[i]!;
    } else {
      line = next;
    }
  }
  if (line) lines.push(line);
  return lines;
}

function coverFit(ctx: CanvasRenderingContext2D, img: HTMLImageElement, x: number, y: number, w: number, h: number) {
  const scale = Math.max(w / img.naturalWidth, h / img.naturalHeight) || 1;
  const sw = w / scale;
  const sh = h / scale;
  ctx.drawImage(img, (img.naturalWidth - sw) / 2, (img.naturalHeight - sh) / 2, sw, sh, x, y, w, h);
}

export function drawPoster(canvas: HTMLCanvasElement, data: PosterData, cover: HTMLImageElement | null): void {
  canvas.width = POSTER_WIDTH;
  canvas.height = POSTER_HEIGHT;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('canvas 2d context unavailable');
  ctx.textBaseline = 'top';

  // Brand band.
  ctx.fillStyle = NAVY;
  ctx.fillRect(0, 0, POSTER_WIDTH, POSTER_HEIGHT);
  ctx.fillStyle = GOLD;
  ctx.font = `bold 36px ${FONT}`;
  ctx.fillText('金法课堂', 48, 44);
  ctx.fillStyle = 'rgba(255,255,255,0.72)';
  ctx.font = `24px ${FONT}`;
  ctx.fillText('银行与金融法律在线课堂', 48, 94);

  // White card.
  const card = { x: 30, y: 150, w: POSTER_WIDTH - 60, h: POSTER_HEIGHT - 180 };
  ctx.fillStyle = '#fff';
  ctx.fillRect(card.x, card.y, card.w, card.h);

  // Cover, 16:9.
  const cx = card.x + 24;
  const cw = card.w - 48;
  const ch = Math.round((cw * 9) / 16);
  let y = card.y + 24;
  if (cover) {
    coverFit(ctx, cover, cx, y, cw, ch);
  } else {
    const g = ctx.createLinearGradient(cx, y, cx + cw, y + ch);
    g.addColorStop(0, NAVY);
    g.addColorStop(1, '#2d5aa0');
    ctx.fillStyle = g;
    ctx.fillRect(cx, y, cw, ch);
    ctx.fillStyle = GOLD;
    ctx.font = `bold 44px ${FONT}`;
    ctx.fillText('金法课堂', cx + cw / 2 - 88, y + ch / 2 - 22);
  }
  y += ch + 32;

  // Title, two lines at most.
  ctx.fillStyle = INK;
  ctx.font = `bold 38px ${FONT}`;
  for (const line of wrapText(ctx, data.title, cw, 2)) {
    ctx.fillText(line, cx, y);
    y += 54;
  }
  y += 8;
  ctx.fillStyle = GREY;
  ctx.font = `26px ${FONT}`;
  for (const line of wrapText(ctx, data.lecturer, cw, 1)) ctx.fillText(line, cx, y);
  y += 52;
  ctx.fillStyle = RED;
  ctx.font = `bold 40px ${FONT}`;
  ctx.fillText(data.price, cx, y);

  // Footer: who invites, and the QR code of the course link.
  const qrSize = 200;
  const qrX = card.x + card.w - 24 - qrSize;
  const qrY = card.y + card.h - 24 - qrSize;
  ctx.fillStyle = '#eef0f3';
  ctx.fillRect(cx, qrY - 24, cw, 2);
  const modules = qrModules(data.link);
  const cell = qrSize / (modules.length + 2);
  ctx.fillStyle = '#fff';
  ctx.fillRect(qrX, qrY, qrSize, qrSize);
  ctx.fillStyle = '#000';
  modules.forEach((row, r) =>
    row.forEach((dark, c) => {
      if (dark) ctx.fillRect(qrX + (c + 1) * cell, qrY + (r + 1) * cell, Math.ceil(cell), Math.ceil(cell));
    }),
  );
  ctx.fillStyle = INK;
  ctx.font = `bold 30px ${FONT}`;
  const textWidth = qrX - cx - 24;
  let ty = qrY + 30;
  for (const line of wrapText(ctx, data.learnerName ? `${data.learnerName} 邀请你一起学习` : '邀请你一起学习', textWidth, 2)) {
    ctx.fillText(line, cx, ty);
    ty += 44;
  }
  ctx.fillStyle = GREY;
  ctx.font = `24px ${FONT}`;
  ctx.fillText('长按识别二维码，查看课程', cx, qrY + 150);
}
