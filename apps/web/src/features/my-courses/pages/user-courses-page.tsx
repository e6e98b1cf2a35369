import type { CourseFolder } from '@jinfa/shared/schemas';
import { Link } from '../../../lib/router.ts';
import { Page } from '../../../components/page.tsx';
import { PullToRefresh } from '../../../components/pull-to-refresh.tsx';
import { SkeletonBlock } from '../../../components/skeleton.tsx';
import { EmptyState, ErrorState, LoginPrompt } from '../../../components/states.tsx';
import { paths } from '../../../config/paths.ts';
import { resizeImage } from '../../../lib/image.ts';
import { getAccessToken } from '../../../lib/session.ts';
import { useCourseFolders } from '../api/get-course-folders.ts';
import styles from './user-courses-page.module.css';

function Folder({ folder }: { folder: CourseFolder }) {
  const covers = folder.covers.slice(0, 4);
  return (
    <Link
      to={paths.userCoursesFolder.getHref({ subjectId: folder.subjectId, name: folder.name })}
      className={styles.folder}
      data-testid="course-folder"
    >
      <div className={styles.collage}>
        {Array.from({ length: 4 }, (_, i) =>
          covers[i] ? (
            <img key={i} src={resizeImage(covers[i], { width: 160, height: 100 })} alt="" loading="lazy" />
          ) : (
            <span key={i} className={styles.blank} />
          ),
        )}
      </div>
      <p className={styles.name}>{folder.name}</p>
      <p className={styles.count}>{folder.courseCount}门课程</p>
    </Link>
  );
}

/** /userCourses: my course library, one folder per subject. */
export function UserCoursesPage() {
  const folders = useCourseFolders();
  let body;
  if (!getAccessToken()) body = <LoginPrompt description="登录后即可查看您的课程库" />;
  else if (folders.isPending)
    body = (
      <div className={styles.grid} aria-busy="true" aria-label="加载中">
        {Array.from({ length: 4 }, (_, i) => (
          <SkeletonBlock key={i} height={150} radius={12} />
        ))}
      </div>
    );
  else if (folders.isError) body = <ErrorState error={folders.error} onRetry={() => void folders.refetch()} />;
  else if (folders.data.length === 0)
    body = <EmptyState title="课程库还是空的" description="购买或报名课程后，会按学科整理在这里" />;
  else
    body = (
      <div className={styles.grid}>
        {folders.data.map((folder) => (
          <Folder key={folder.subjectId} folder={folder} />
        ))}
      </div>
    );
  return (
    <Page title="课程库">
      <PullToRefresh onRefresh={() => folders.refetch()}>{body}</PullToRefresh>
    </Page>
  );
}
