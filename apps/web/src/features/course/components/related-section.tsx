import { CourseCard, CourseCardSkeleton } from '../../../components/course-card.tsx';
import { useRelated } from '../api/get-related.ts';
import section from './section.module.css';
import { Section } from './section.tsx';
import styles from './related-section.module.css';

/** Five courses near this one (same subject or tags). Hidden when there are none. */
export function RelatedSection({ courseId }: { courseId: number }) {
  const related = useRelated(courseId);
  if (related.isPending) {
    return (
      <section className={section.section} aria-busy="true">
        <CourseCardSkeleton />
        <CourseCardSkeleton />
      </section>
    );
  }
  const courses = (related.data ?? []).filter((c) => c.courseId !== courseId);
  if (courses.length === 0) return null;
  return (
    <Section id="course-related" title="相关推荐">
      <div className={styles.list} data-testid="related-courses">
        {courses.map((course) => (
          <CourseCard key={course.courseId} course={course} />
        ))}
      </div>
    </Section>
  );
}
