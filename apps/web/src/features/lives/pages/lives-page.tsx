import { useSearchParams } from '../../../lib/router.ts';
import { Page } from '../../../components/page.tsx';
import type { LiveScope } from '../api/get-lives.ts';
import { LiveList } from '../components/live-list.tsx';
import styles from './lives-page.module.css';

const TABS: { scope: LiveScope; label: string }[] = [
  { scope: 'upcoming', label: '直播预告' },
  { scope: 'past', label: '往期回放' },
];

/** /lives: upcoming and past lives; the tab lives in the address so back returns to it. */
export function LivesPage() {
  const [params, setParams] = useSearchParams();
  const scope: LiveScope = params.get('scope') === 'past' ? 'past' : 'upcoming';
  return (
    <Page title="直播">
      <div className={styles.tabs} role="tablist" aria-label="直播">
        {TABS.map((tab) => (
          <button
            key={tab.scope}
            type="button"
            role="tab"
            aria-selected={scope === tab.scope}
            className={scope === tab.scope ? `${styles.tab} ${styles.active}` : styles.tab}
            onClick={() => setParams(tab.scope === 'upcoming' ? {} : { scope: tab.scope }, { replace: true })}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <LiveList key={scope} scope={scope} />
    </Page>
  );
}

/** /passLives: past lives and their replays. */
export function PassLivesPage() {
  return (
    <Page title="往期直播">
      <LiveList scope="past" />
    </Page>
  );
}
