import { useEffect, useRef, useState } from 'react';
import type { CourseDetail } from '@jinfa/shared/schemas';
import { Page } from '../../../components/page.tsx';
import { EmptyState, ErrorState, Spinner } from '../../../components/states.tsx';
import { paths } from '../../../config/paths.ts';
import { useSearchParams } from '../../../lib/router.ts';
import { isWechat } from '../../../lib/user-agent.ts';
import { usePosterCourse, usePosterLearner } from '../api/get-poster-data.ts';
import { recordShare } from '../api/record-share.ts';
import { drawPoster, loadImage, type PosterData } from '../lib/draw-poster.ts';
import { currentAttribution, shareLink } from '../lib/share-data.ts';
import styles from './share-card-page.module.css';

function parseCourseId(raw: string | null): number | null {
  const id = raw && /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export function posterData(course: CourseDetail, learnerName: string): PosterData {
  const lecturer = [course.lecturerName, course.lecturerPosition].filter(Boolean).join(' · ');
  return {
    title: course.name,
    lecturer: lecturer ? `主讲：${lecturer}` : '',
    price: course.isFree ? '免费' : `¥${course.priceYuan}`,
    learnerName,
    link: shareLink(paths.courseDetail.getHref({ courseId: course.courseId }), currentAttribution()),
  };
}

function Poster({ course, learnerName }: { course: CourseDetail; learnerName: string }) {
  const [image, setImage] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const recorded = useRef(false);
  const inWechat = isWechat();

  useEffect(() => {
    let alive = true;
    const data = posterData(course, learnerName);
    void loadImage(course.cover).then((cover) => {
      if (!alive) return;
      try {
        const canvas = document.createElement('canvas');
        drawPoster(canvas, data, cover);
        setImage(canvas.toDataURL('image/png'));
        if (!recorded.current) {
          recorded.current = true;
          recordShare(course.courseId, { channel: 'poster' });
        }
      } catch {
        setFailed(true);
      }
    });
    return () => {
      alive = false;
    };
  }, [course, learnerName]);

  if (failed) return <ErrorState title="海报生成失败" error={null} />;
  if (!image) return <Spinner label="海报生成中" />;
  return (
    <div className={styles.body}>
      {/* An <img>, not the canvas: WeChat's long-press menu (save, send) works on images only. */}
      <img className={styles.poster} src={image} alt={`${course.name} 分享海报`} data-testid="share-poster" />
      {inWechat ? (
        <p className={styles.hint}>长按图片，保存到相册或发送给朋友</p>
      ) : (
        <a className={styles.save} href={image} download={`金法课堂-${course.courseId}.png`} data-testid="save-poster">
          保存图片
        </a>
      )}
    </div>
  );
}

/** /activity/shareCard?courseId: a share poster for a course, drawn in the browser (issue 6 §4). */
export function ShareCardPage() {
  const [params] = useSearchParams();
  const courseId = parseCourseId(params.get('courseId'));
  const course = usePosterCourse(courseId);
  const me = usePosterLearner();

  let body;
  if (courseId == null) body = <EmptyState title="没有找到要分享的课程" />;
  else if (course.isError) body = <ErrorState error={course.error} onRetry={() => void course.refetch()} />;
  // The poster waits for the name, but a failed profile call only leaves the name out.
  else if (course.isPending || me.isPending) body = <Spinner label="海报生成中" />;
  else body = <Poster course={course.data} learnerName={me.data?.name || me.data?.nickname || ''} />;

  return <Page title="分享海报">{body}</Page>;
}
