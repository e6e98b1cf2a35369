import styles from './stat-tiles.module.css';

export interface StatTile {
  label: string;
  value: string | number;
  unit?: string;
}

/** A row of headline figures. */
export function StatTiles({ tiles, testId }: { tiles: readonly StatTile[]; testId?: string }) {
  return (
    <dl className={styles.tiles} data-testid={testId}>
      {tiles.map((t) => (
        <div key={t.label} className={styles.tile}>
          <dt>{t.label}</dt>
          <dd>
            <strong>{t.value}</strong>
            {t.unit && <small>{t.unit}</small>}
          </dd>
        </div>
      ))}
    </dl>
  );
}
