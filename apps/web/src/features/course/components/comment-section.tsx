import { useState, type FormEvent } from 'react';
import { SkeletonLines } from '../../../components/skeleton.tsx';
import { relativeTime } from '../../../lib/date.ts';
import { toast } from '../../../lib/toast.ts';
import { useComments } from '../api/get-comments.ts';
import { usePostComment } from '../api/post-comment.ts';
import { Avatar } from './avatar.tsx';
import section from './section.module.css';
import { Section } from './section.tsx';
import review from './review-list.module.css';
import styles from './comment-section.module.css';

const MAX_LENGTH = 500;

/** The course discussion: newest first, 加载更多 pages back through `end`. */
export function CommentSection({ courseId }: { courseId: number }) {
  const comments = useComments(courseId);
  const post = usePostComment(courseId);
  const [draft, setDraft] = useState('');
  const rows = comments.data?.pages.flatMap((page) => page.rows) ?? [];
  const now = Date.now();

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const content = draft.trim();
    if (!content || post.isPending) return;
    post.mutate(content, {
      onSuccess: () => {
        setDraft('');
        toast.success('评论已发布');
      },
    });
  };

  return (
    <Section id="course-comments" title="课程讨论">
      <form className={styles.form} onSubmit={handleSubmit}>
        <input
          className={styles.input}
          value={draft}
          maxLength={MAX_LENGTH}
          placeholder="说点什么，与同学交流"
          aria-label="评论内容"
          enterKeyHint="send"
          onChange={(e) => setDraft(e.target.value)}
        />
        <button type="submit" className={styles.send} disabled={!draft.trim() || post.isPending}>
          发送
        </button>
      </form>
      {comments.isPending ? (
        <SkeletonLines lines={3} />
      ) : comments.isError && rows.length === 0 ? (
        <p className={section.muted}>
          评论加载失败，
          <button type="button" className={styles.inlineRetry} onClick={() => void comments.refetch()}>
            点此重试
          </button>
        </p>
      ) : rows.length === 0 ? (
        <p className={section.muted}>还没有人讨论，说说你的看法吧</p>
      ) : (
        <>
          <ul className={styles.list}>
            {rows.map((comment) => (
              <li key={comment.commentId} className={review.item} data-testid="comment">
                <Avatar name={comment.userName} src={comment.userAvatar} size={30} />
                <div className={review.body}>
                  <p className={styles.head}>
                    <span>{comment.userName}</span>
                    <span className={review.time}>{relativeTime(comment.createdAt, now)}</span>
                  </p>
                  <p className={review.content}>{comment.content}</p>
                </div>
              </li>
            ))}
          </ul>
          {comments.hasNextPage ? (
            <button
              type="button"
              className={section.more}
              disabled={comments.isFetchingNextPage}
              onClick={() => void comments.fetchNextPage()}
            >
              {comments.isFetchingNextPage ? '加载中…' : '加载更多'}
            </button>
          ) : (
            <p className={styles.end}>— 没有更多了 —</p>
          )}
        </>
      )}
    </Section>
  );
}
