import { ErrorCodes } from '@jinfa/shared/errors';
import { Link } from '../../../lib/router.ts';
import { EmptyState, ErrorState } from '../../../components/states.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-error.ts';
import styles from './course-unavailable.module.css';

const STATES: Record<number, { title: string; description: string }> = {
  [ErrorCodes.COURSE_OFF_SHELF]: {
    title: '课程已下架',
    description: '这门课程已停止售卖，已购学员可在「我的课程」中继续学习。',
  },
  [ErrorCodes.COURSE_NOT_STARTED]: {
    title: '课程尚未开始',
    description: '课程即将上线，敬请期待。开课后您可以在这里开始学习。',
  },
  [ErrorCodes.COURSE_NOT_UPDATED]: {
    title: '课程暂未更新',
    description: '讲师正在准备课程内容，更新后即可学习。',
  },
  [-10004]: { title: '课程不存在', description: '链接可能已失效，去看看其他课程吧。' },
};

/** What the course page shows instead of a course: a named state for the spec's codes, else a retry. */
export function CourseUnavailable({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const state = error instanceof ApiError ? STATES[error.code] : undefined;
  if (!state) return <ErrorState error={error} onRetry={onRetry} />;
  return (
    <div data-testid="course-state">
      <EmptyState
        title={state.title}
        description={state.description}
        action={
          <span className={styles.actions}>
            <Link className={styles.primary} to={paths.home.getHref()}>
              去看看其他课程
            </Link>
            <Link className={styles.secondary} to={paths.myCourses.getHref()}>
              我的课程
            </Link>
          </span>
        }
      />
    </div>
  );
}

export function MissingCourse() {
  return (
    <EmptyState
      title="课程不存在"
      description="链接缺少课程编号，去看看其他课程吧。"
      action={
        <Link className={styles.primary} to={paths.home.getHref()}>
          去首页
        </Link>
      }
    />
  );
}
