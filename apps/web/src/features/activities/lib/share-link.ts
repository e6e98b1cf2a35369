import { getStoredUserId } from '../../../lib/auth-store.ts';
import { toast } from '../../../lib/toast.ts';
import { isWechat } from '../../../lib/user-agent.ts';

/** An absolute link to an in-app path that carries the sharer's id (spec §3 suid). */
export function shareLink(path: string): string {
  const url = new URL(path, window.location.origin);
  const me = getStoredUserId();
  if (me != null) url.searchParams.set('suid', String(me));
  return url.toString();
}

/**
 * Inside WeChat the page's share config (features/share) already carries the link: point at the
 * menu. Elsewhere copy the link.
 */
export async function shareOrCopy(link: string): Promise<void> {
  if (isWechat()) {
    toast.info('点击右上角「···」，分享给好友或朋友圈');
    return;
  }
  try {
    await navigator.clipboard.writeText(link);
    toast.success('链接已复制，发给好友吧');
  } catch {
    toast.info(link, { long: true });
  }
}
