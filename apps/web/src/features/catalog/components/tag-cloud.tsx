import type { TagSummary } from '@jinfa/shared/schemas';
import { Link } from '../../../lib/router.ts';
import { paths } from '../../../config/paths.ts';
import styles from './tag-cloud.module.css';

/** Hot tags; each opens its tag-result list. */
export function TagCloud({ tags }: { tags: TagSummary[] }) {
  return (
    <div className={styles.cloud}>
      {tags.map((tag, i) => (
        <Link
          key={tag.tagId}
          to={paths.tagResult.getHref({ tagId: tag.tagId, tagName: tag.tagName })}
          className={i < 3 ? `${styles.tag} ${styles.hot}` : styles.tag}
          data-testid="hot-tag"
        >
          <span className={styles.hash}>#</span>
          {tag.tagName}
          <span className={styles.count}>{tag.courseCount}</span>
        </Link>
      ))}
    </div>
  );
}
