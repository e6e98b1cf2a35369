import { CourseCard } from '../../../components/course-card.tsx';
import { relativeTime } from '../../../lib/date.ts';
import type { MyCourse, MyCoursesTab } from '../api/get-my-courses.ts';
import styles from './my-course-item.module.css';

/** A course of mine: the shared card, and when I last opened (or got) it. */
export function MyCourseItem({ item, cur, now }: { item: MyCourse; cur: MyCoursesTab; now: number }) {
  return (
    <div className={styles.item}>
      <CourseCard course={item.course} />
      <p className={styles.meta}>
        {cur === 0 ? '最近学习' : '加入时间'} · {relativeTime(item.at, now)}
      </p>
    </div>
  );
}
