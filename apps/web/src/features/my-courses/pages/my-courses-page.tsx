import { useState } from 'react';
import { Link, useSearchParams } from '../../../lib/router.ts';
import { BookIcon } from '../../../components/icons/book-icon.tsx';
import { ChevronRightIcon } from '../../../components/icons/chevron-right-icon.tsx';
import { StarIcon } from '../../../components/icons/star-icon.tsx';
import { InfiniteList } from '../../../components/infinite-list.tsx';
import { LoginPrompt } from '../../../components/states.tsx';
import { TabStrip, type TabStripItem } from '../../../components/tab-strip.tsx';
import { paths } from '../../../config/paths.ts';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { getAccessToken } from '../../../lib/session.ts';
import { useMyCourses, type MyCoursesTab } from '../api/get-my-courses.ts';
import { MyCourseItem } from '../components/my-course-item.tsx';
import { ContinueLearning } from '../components/continue-learning.tsx';
import tabPage from '../../../styles/tab-page.module.css';
import styles from './my-courses-page.module.css';

const TABS: TabStripItem<MyCoursesTab>[] = [
  { key: 0, label: '学习中' },
  { key: 1, label: '已购' },
];

const EMPTY: Record<MyCoursesTab, { title: string; description: string }> = {
  0: { title: '还没有在学的课程', description: '打开任意一门课程，它就会出现在这里' },
  1: { title: '还没有已购课程', description: '购买或免费报名的课程会出现在这里' },
};

function CourseTab({ cur }: { cur: MyCoursesTab }) {
  const courses = useMyCourses(cur);
  const [now] = useState(() => Date.now());
  return (
    <InfiniteList
      query={courses}
      itemKey={(item) => item.course.courseId}
      renderItem={(item) => <MyCourseItem item={item} cur={cur} now={now} />}
      empty={{
        ...EMPTY[cur],
        action: (
          <Link className={styles.emptyAction} to={paths.classification.getHref()}>
            去选课
          </Link>
        ),
      }}
      testId={`my-courses-${cur}`}
    />
  );
}

/** /mycourses (tab page): what I am learning and what I own; `cur` in the address keeps the tab. */
export function MyCoursesPage() {
  usePageTitle('我的课程');
  const [params, setParams] = useSearchParams();
  const cur: MyCoursesTab = params.get('cur') === '1' ? 1 : 0;
  const loggedIn = getAccessToken() != null;

  return (
    <div className={tabPage.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>我的课程</h1>
        <nav className={styles.entries} aria-label="我的学习">
          <Link to={paths.myCollection.getHref()} className={styles.entry}>
            <StarIcon size={18} />
            我的收藏
            <ChevronRightIcon size={14} />
          </Link>
          <Link to={paths.userCourses.getHref()} className={styles.entry}>
            <BookIcon size={18} />
            课程库
            <ChevronRightIcon size={14} />
          </Link>
        </nav>
      </header>
      {!loggedIn ? (
        <LoginPrompt description="登录后即可查看您在学和已购的课程" />
      ) : (
        <>
          <ContinueLearning />
          <TabStrip
            tabs={TABS}
            active={cur}
            label="我的课程"
            stickTo="top"
            onChange={(next) => setParams(next === 0 ? {} : { cur: String(next) }, { replace: true })}
          />
          <CourseTab key={cur} cur={cur} />
        </>
      )}
    </div>
  );
}
