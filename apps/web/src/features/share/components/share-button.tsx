import { useState } from 'react';
import { createPortal } from 'react-dom';
import { paths } from '../../../config/paths.ts';
import { icon } from '../../../components/icons/svg.tsx';
import { useNavigate } from '../../../lib/router.ts';
import { toast } from '../../../lib/toast.ts';
import { isWechat } from '../../../lib/user-agent.ts';
import { recordShare } from '../api/record-share.ts';
import { currentAttribution, shareLink } from '../lib/share-data.ts';
import styles from './share-button.module.css';

const ShareIcon = icon(<path d="M15 5l5 5-5 5M20 10h-8a7 7 0 0 0-7 7v2" />, { strokeWidth: 2 });

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The course page's 分享 entry: a sheet with 生成海报, and either a pointer to WeChat's own menu
 * (pages cannot open it themselves) or, outside WeChat, 复制链接.
 */
export function ShareButton({ courseId }: { courseId: number }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [hint, setHint] = useState(false);
  const inWechat = isWechat();

  const handlePoster = () => {
    setOpen(false);
    navigate(paths.activityShareCard.getHref({ courseId }));
  };
  const handleCopy = async () => {
    setOpen(false);
    const link = shareLink(paths.courseDetail.getHref({ courseId }), currentAttribution());
    if (await copyText(link)) {
      toast.success('链接已复制');
      recordShare(courseId, { channel: 'link' });
    } else {
      toast.info(link, { long: true });
    }
  };

  return (
    <>
      <button type="button" className={styles.trigger} aria-label="分享" data-testid="share-button" onClick={() => setOpen(true)}>
        <ShareIcon size={20} />
      </button>
      {/* In a portal: the page header's backdrop-filter would otherwise pin these fixed layers inside it. */}
      {open &&
        createPortal(
        <div className={styles.mask} onClick={() => setOpen(false)} data-testid="share-sheet">
          <div className={styles.sheet} role="dialog" aria-label="分享" onClick={(e) => e.stopPropagation()}>
            <div className={styles.title}>分享课程</div>
            <button type="button" className={styles.action} onClick={handlePoster}>
              生成海报
            </button>
            {inWechat ? (
              <button
                type="button"
                className={styles.action}
                onClick={() => {
                  setOpen(false);
                  setHint(true);
                }}
              >
                发送给朋友 / 分享到朋友圈
              </button>
            ) : (
              <button type="button" className={styles.action} onClick={() => void handleCopy()}>
                复制链接
              </button>
            )}
            <button type="button" className={styles.cancel} onClick={() => setOpen(false)}>
              取消
            </button>
          </div>
        </div>,
          document.body,
        )}
      {hint &&
        createPortal(
        <div className={styles.hintMask} onClick={() => setHint(false)} role="dialog" aria-label="分享提示" data-testid="share-hint">
          <svg className={styles.arrow} viewBox="0 0 80 100" aria-hidden="true">
            <path d="M10 95C20 50 40 25 70 10M70 10l-20 2M70 10l-6 19" fill="none" stroke="#fff" strokeWidth="4" strokeLinecap="round" />
          </svg>
          <p className={styles.hintText}>
            点击右上角「···」
            <br />
            发送给朋友或分享到朋友圈
          </p>
        </div>,
          document.body,
        )}
    </>
  );
}
