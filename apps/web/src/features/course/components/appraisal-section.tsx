import { useState, type FormEvent } from 'react';
import { SkeletonLines } from '../../../components/skeleton.tsx';
import { relativeTime } from '../../../lib/date.ts';
import { toast } from '../../../lib/toast.ts';
import { useAppraisals } from '../api/get-appraisals.ts';
import { usePostAppraisal } from '../api/post-appraisal.ts';
import { Avatar } from './avatar.tsx';
import { Stars, StarPicker } from './stars.tsx';
import { Section } from './section.tsx';
import review from './review-list.module.css';
import styles from './appraisal-section.module.css';

const MAX_LENGTH = 500;

function AppraisalForm({ courseId }: { courseId: number }) {
  const [score, setScore] = useState(0);
  const [content, setContent] = useState('');
  const post = usePostAppraisal(courseId);
  const text = content.trim();
  const ready = score > 0 && text.length > 0 && text.length <= MAX_LENGTH;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready || post.isPending) return;
    post.mutate(
      { score, content: text },
      {
        onSuccess: (result) => {
          toast.success(result.updated ? '评价已更新' : '感谢您的评价');
          setScore(0);
          setContent('');
        },
      },
    );
  };

  return (
    <form className={styles.form} onSubmit={handleSubmit} aria-label="写评价">
      <StarPicker value={score} onChange={setScore} />
      <textarea
        className={styles.input}
        value={content}
        maxLength={MAX_LENGTH}
        rows={3}
        placeholder="说说这门课对您的帮助，给其他学员一些参考"
        aria-label="评价内容"
        onChange={(e) => setContent(e.target.value)}
      />
      <div className={styles.formFoot}>
        <span className={styles.counter}>
          {content.length}/{MAX_LENGTH}
        </span>
        <button type="submit" className={styles.submit} disabled={!ready || post.isPending}>
          {post.isPending ? '提交中…' : '发表评价'}
        </button>
      </div>
    </form>
  );
}

/** Average stars, the newest appraisals, and the form to post one. */
export function AppraisalSection({ courseId, id }: { courseId: number; id: string }) {
  const appraisals = useAppraisals(courseId);
  const now = Date.now();
  const data = appraisals.data;
  return (
    <Section id={id} anchor title="学员评价" extra={data && data.total > 0 && `共${data.total}条`}>
      {appraisals.isPending ? (
        <SkeletonLines lines={3} />
      ) : (
        <>
          <div className={styles.summary} data-testid="appraisal-summary">
            {data?.averageScore != null ? (
              <span className={styles.average}>{data.averageScore.toFixed(1)}</span>
            ) : (
              <span className={styles.noScore}>暂无评分</span>
            )}
            <div>
              <Stars value={data?.averageScore ?? 0} size={16} />
              <p className={styles.summaryText}>{data && data.total > 0 ? `${data.total}位学员评价` : '还没有评价，来做第一个评价的人'}</p>
            </div>
          </div>
          <AppraisalForm courseId={courseId} />
          {data && data.rows.length > 0 && (
            <ul className={styles.list}>
              {data.rows.map((item) => (
                <li key={item.appraisalId} className={review.item} data-testid="appraisal">
                  <Avatar name={item.userName} src={item.userAvatar} size={32} />
                  <div className={review.body}>
                    <p className={styles.itemHead}>
                      <span className={styles.userName}>{item.userName}</span>
                      <span className={review.time}>{relativeTime(item.updatedAt || item.createdAt, now)}</span>
                    </p>
                    <Stars value={item.score} size={12} />
                    {/* Plain text by contract: rendered as text, never as markup. */}
                    <p className={review.content}>{item.content}</p>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </Section>
  );
}
