import { useSearchParams } from '../../../lib/router.ts';
import { Page } from '../../../components/page.tsx';
import { TabStrip, type TabStripItem } from '../../../components/tab-strip.tsx';
import type { LiveScope } from '../api/get-lives.ts';
import { LiveList } from '../components/live-list.tsx';

const TABS: TabStripItem<LiveScope>[] = [
  { key: 'upcoming', label: '直播预告' },
  { key: 'past', label: '往期回放' },
];

/** /lives: upcoming and past lives; the tab lives in the address so back returns to it. */
export function LivesPage() {
  const [params, setParams] = useSearchParams();
  const scope: LiveScope = params.get('scope') === 'past' ? 'past' : 'upcoming';
  return (
    <Page title="直播">
      <TabStrip
        tabs={TABS}
        active={scope}
        label="直播"
        onChange={(next) => setParams(next === 'upcoming' ? {} : { scope: next }, { replace: true })}
      />
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
