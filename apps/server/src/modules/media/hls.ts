/**
 * HLS text and AES-128 helpers (RFC 8216). Stored playlists hold relative URIs (`v0/index.m3u8`,
 * `seg_000.ts`) and the key placeholder `__KEY__`; the serving routes rewrite every URI into a
 * signed URL. Segments are AES-128-CBC with PKCS#7 padding, IV given in the playlist.
 */
import crypto from 'node:crypto';

export const KEY_PLACEHOLDER = '__KEY__';

/** Rewrites each URI line (and each URI="…" attribute) through `map`. */
export function rewritePlaylist(text: string, map: { uri: (uri: string) => string; key: () => string }): string {
  return text
    .split(/\r?\n/)
    .map((line) => {
      const trimmed = line.trim();
      if (trimmed === '') return line;
      if (trimmed.startsWith('#')) {
        return trimmed.startsWith('#EXT-X-KEY') ? trimmed.replace(/URI="[^"]*"/, `URI="${map.key()}"`) : trimmed;
      }
      return map.uri(trimmed);
    })
    .join('\n');
}

/** The relative URIs a playlist names, in order (variant playlists of a master, or segments). */
export function playlistUris(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
}

/** Total of the #EXTINF durations, in seconds. */
export function playlistDuration(text: string): number {
  let total = 0;
  for (const m of text.matchAll(/#EXTINF:([0-9.]+)/g)) total += Number(m[1]);
  return Math.round(total * 1000) / 1000;
}

/** Adds `#EXT-X-KEY` (placeholder URI, explicit IV) before the first segment of a clear media playlist. */
export function addKeyTag(text: string, ivHex: string): string {
  const tag = `#EXT-X-KEY:METHOD=AES-128,URI="${KEY_PLACEHOLDER}",IV=0x${ivHex}`;
  const lines = text.split(/\r?\n/);
  const at = lines.findIndex((l) => l.startsWith('#EXTINF'));
  if (at < 0) throw new Error('media playlist has no segments');
  lines.splice(at, 0, tag);
  return lines.join('\n');
}

export function encryptSegment(clear: Buffer, key: Buffer, iv: Buffer): Buffer {
  const cipher = crypto.createCipheriv('aes-128-cbc', key, iv);
  return Buffer.concat([cipher.update(clear), cipher.final()]);
}

export function decryptSegment(data: Buffer, key: Buffer, iv: Buffer): Buffer {
  const decipher = crypto.createDecipheriv('aes-128-cbc', key, iv);
  return Buffer.concat([decipher.update(data), decipher.final()]);
}

/** Variants of a master playlist: the URI and its RESOLUTION height / BANDWIDTH. */
export function masterVariants(text: string): { uri: string; height: number; bandwidth: number }[] {
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  const out: { uri: string; height: number; bandwidth: number }[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i]!;
    if (!line.startsWith('#EXT-X-STREAM-INF')) continue;
    const uri = lines.slice(i + 1).find((l) => l !== '' && !l.startsWith('#'));
    if (!uri) continue;
    const res = /RESOLUTION=\d+x(\d+)/.exec(line);
    const bw = /BANDWIDTH=(\d+)/.exec(line);
    out.push({ uri, height: res ? Number(res[1]) : 0, bandwidth: bw ? Number(bw[1]) : 0 });
  }
  return out;
}

export const CONTENT_TYPES = {
  playlist: 'application/vnd.apple.mpegurl',
  segment: 'video/mp2t',
  key: 'application/octet-stream',
} as const;
