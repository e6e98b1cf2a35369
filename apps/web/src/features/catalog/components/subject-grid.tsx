import type { Subject } from '@jinfa/shared/schemas';
import { Link } from '../../../lib/router.ts';
import { SkeletonBlock } from '../../../components/skeleton.tsx';
import { paths } from '../../../config/paths.ts';
import { resizeImage } from '../../../lib/image.ts';
import styles from './subject-grid.module.css';

const TONES = ['#1a4fa0', '#9a7330', '#1f9d6b', '#d9363e', '#5b45b5', '#0f2a5c', '#e08a1e', '#137a8a'];

export function SubjectIcon({ subject, size = 40 }: { subject: Subject; size?: number }) {
  if (subject.icon) {
    return <img className={styles.icon} src={resizeImage(subject.icon, { width: size * 2, height: size * 2 })} alt="" width={size} height={size} loading="lazy" />;
  }
  const tone = TONES[subject.subjectId % TONES.length];
  return (
    <span className={styles.letter} style={{ width: size, height: size, color: tone, background: `${tone}14` }} aria-hidden="true">
      {subject.name.slice(0, 1)}
    </span>
  );
}

/** Subjects as a grid of icons; each opens the catalogue filtered to it. */
export function SubjectGrid({ subjects }: { subjects: Subject[] | undefined }) {
  if (!subjects) {
    return (
      <div className={styles.grid} aria-hidden="true">
        {Array.from({ length: 8 }, (_, i) => (
          <div key={i} className={styles.cell}>
            <SkeletonBlock width={40} height={40} radius={12} />
            <SkeletonBlock width={48} height={12} />
          </div>
        ))}
      </div>
    );
  }
  return (
    <div className={styles.grid}>
      {subjects.map((subject) => (
        <Link
          key={subject.subjectId}
          to={paths.classification.getHref({ subjectId: subject.subjectId })}
          className={styles.cell}
          data-testid="subject-entry"
        >
          <SubjectIcon subject={subject} />
          <span className={styles.name}>{subject.name}</span>
          <span className={styles.count}>{subject.courseCount}门课</span>
        </Link>
      ))}
    </div>
  );
}
