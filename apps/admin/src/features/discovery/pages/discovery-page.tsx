/**
 * 首页与发现 Home and discovery: the H5 home's banners, the tags, the search page's hot words and
 * the courses of each home section, in tabs (the tab lives in the address: `?tab=tags`). Every
 * change reaches the learner's app at once (docs/console.md "Home and discovery").
 */
import { Tabs, Typography } from 'antd';
import { useSearchParams } from '../../../lib/router';
import type { PageProps } from '../../../lib/router';
import { BannersTab } from '../components/banners-tab';
import { HomeSectionsTab } from '../components/home-sections-tab';
import { HotWordsTab } from '../components/hot-words-tab';
import { TagsTab } from '../components/tags-tab';

const TABS = ['banners', 'tags', 'hot-words', 'home-sections'] as const;

export function DiscoveryPage(_props: PageProps) {
  const [params, setParams] = useSearchParams();
  const current = TABS.find((t) => t === params.get('tab')) ?? 'banners';
  return (
    <>
      <Typography.Title level={3}>首页与发现</Typography.Title>
      <Tabs
        activeKey={current}
        onChange={(key) => setParams({ tab: key })}
        destroyOnHidden
        items={[
          { key: 'banners', label: '轮播图', children: <BannersTab /> },
          { key: 'tags', label: '标签', children: <TagsTab /> },
          { key: 'hot-words', label: '热搜词', children: <HotWordsTab /> },
          { key: 'home-sections', label: '首页专区', children: <HomeSectionsTab /> },
        ]}
      />
    </>
  );
}
