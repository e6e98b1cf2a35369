import { useState } from 'react';
import { InfiniteList } from '../../../components/infinite-list.tsx';
import { SkeletonCard } from '../../../components/skeleton.tsx';
import { useLives, type LiveScope } from '../api/get-lives.ts';
import { LiveCard } from './live-card.tsx';

const EMPTY: Record<LiveScope, { title: string; description: string }> = {
  upcoming: { title: '暂无即将开始的直播', description: '新的直播安排会第一时间出现在这里' },
  past: { title: '暂无往期直播', description: '直播结束后可在这里观看回放' },
};

/** One scope of lives as an infinite list. */
export function LiveList({ scope }: { scope: LiveScope }) {
  const lives = useLives(scope);
  // One clock per render of the list, so every card agrees on what 今天 is.
  const [now] = useState(() => Date.now());
  return (
    <InfiniteList
      query={lives}
      itemKey={(live) => live.liveId}
      renderItem={(live) => <LiveCard live={live} now={now} />}
      skeleton={
        <>
          <SkeletonCard lines={3} />
          <SkeletonCard lines={3} />
          <SkeletonCard lines={3} />
        </>
      }
      empty={EMPTY[scope]}
      testId={`lives-${scope}`}
    />
  );
}
