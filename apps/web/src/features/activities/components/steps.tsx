import styles from './activities.module.css';

/** How an activity works, as numbered steps in a row (分享返现规则, 拼团玩法). */
export function Steps({ items }: { items: readonly string[] }) {
  return (
    <ol className={styles.steps}>
      {items.map((item, i) => (
        <li key={item}>
          <b>{i + 1}</b>
          {item}
        </li>
      ))}
    </ol>
  );
}
