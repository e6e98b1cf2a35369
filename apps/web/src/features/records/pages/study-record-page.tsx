import { useState } from 'react';
import { InfiniteList } from '../../../components/infinite-list.tsx';
import { Link } from '../../../lib/router.ts';
import { paths } from '../../../config/paths.ts';
import { useListenRecords } from '../api/get-listen-records.ts';
import { useHideListen } from '../api/hide-listen.ts';
import { ListenRecordItem } from '../components/listen-record-item.tsx';
import { RecordsPage } from '../components/records-nav.tsx';
import styles from './records-pages.module.css';

function RecordList() {
  const records = useListenRecords();
  const hide = useHideListen();
  const [now] = useState(() => Date.now());
  return (
    <InfiniteList
      query={records}
      itemKey={(item) => item.course.courseId}
      renderItem={(item) => <ListenRecordItem item={item} now={now} onHide={(courseId) => hide.mutate(courseId)} />}
      empty={{
        title: '还没有学习记录',
        description: '播放任意一门课程，学习进度就会记录在这里',
        action: (
          <Link className={styles.action} to={paths.classification.getHref()}>
            去选课
          </Link>
        ),
      }}
      endText="— 左滑可删除记录 —"
      testId="study-records"
    />
  );
}

/** /record/studyRecord (open route): my listened courses, last first, with a continue button. */
export function StudyRecordPage() {
  return <RecordsPage current="record" content={<RecordList />} />;
}
