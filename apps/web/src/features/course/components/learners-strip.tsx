import { countLabel } from '../lib/course-labels.ts';
import { useLearners } from '../api/get-learners.ts';
import { Avatar } from './avatar.tsx';
import { UsersIcon } from './course-icons.tsx';
import styles from './learners-strip.module.css';

/** Faces of recent learners and how many have learned the course. */
export function LearnersStrip({ courseId, learnersCount }: { courseId: number; learnersCount: number }) {
  const learners = useLearners(courseId);
  if (!learners.data || learners.data.total === 0) return null;
  const { rows, total } = learners.data;
  return (
    <div className={styles.strip} data-testid="learners">
      <UsersIcon size={18} className={styles.icon} />
      <span className={styles.faces}>
        {rows.slice(0, 6).map((learner, i) => (
          <Avatar key={`${learner.name}-${i}`} name={learner.name} src={learner.avatar} size={26} />
        ))}
      </span>
      {/* The course's own count includes learners from before this list was kept. */}
      <span className={styles.count}>{countLabel(Math.max(total, learnersCount))}人在学</span>
    </div>
  );
}
