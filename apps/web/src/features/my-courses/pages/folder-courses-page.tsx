import { useState } from 'react';
import { useSearchParams } from '../../../lib/router.ts';
import { InfiniteList } from '../../../components/infinite-list.tsx';
import { Page } from '../../../components/page.tsx';
import { EmptyState, LoginPrompt } from '../../../components/states.tsx';
import { getAccessToken } from '../../../lib/session.ts';
import { useCourseFolders } from '../api/get-course-folders.ts';
import { useMyCourses } from '../api/get-my-courses.ts';
import { MyCourseItem } from '../components/my-course-item.tsx';
import { positiveInt } from '../lib/params.ts';

function FolderList({ subjectId }: { subjectId: number }) {
  const courses = useMyCourses(1, subjectId);
  const [now] = useState(() => Date.now());
  return (
    <InfiniteList
      query={courses}
      itemKey={(item) => item.course.courseId}
      renderItem={(item) => <MyCourseItem item={item} cur={1} now={now} />}
      empty={{ title: '这个学科下还没有课程' }}
      testId="folder-courses"
    />
  );
}

/** /userCourses/folderCourses?subjectId: the courses I own in one subject. */
export function FolderCoursesPage() {
  const [params] = useSearchParams();
  const subjectId = positiveInt(params.get('subjectId'));
  const folders = useCourseFolders();
  const name = params.get('name') || folders.data?.find((f) => f.subjectId === subjectId)?.name || '课程库';
  let body;
  if (!getAccessToken()) body = <LoginPrompt />;
  else if (subjectId == null) body = <EmptyState title="没有找到这个学科" />;
  else body = <FolderList key={subjectId} subjectId={subjectId} />;
  return <Page title={name}>{body}</Page>;
}
