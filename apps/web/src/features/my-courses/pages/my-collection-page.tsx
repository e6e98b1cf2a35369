import { useSearchParams } from '../../../lib/router.ts';
import { Page } from '../../../components/page.tsx';
import { LoginPrompt } from '../../../components/states.tsx';
import { getAccessToken } from '../../../lib/session.ts';
import { FavoriteList } from '../components/favorite-list.tsx';
import { positiveInt } from '../lib/params.ts';

/** /userCenter/myCollection: every course I favourited, newest first. */
export function MyCollectionPage() {
  return (
    <Page title="我的收藏">
      {getAccessToken() ? <FavoriteList /> : <LoginPrompt description="登录后即可查看您收藏的课程" />}
    </Page>
  );
}

/** /userCenter/collectionDetail?subjectId[&name]: my favourites in one subject. */
export function CollectionDetailPage() {
  const [params] = useSearchParams();
  const subjectId = positiveInt(params.get('subjectId')) ?? undefined;
  const title = params.get('name') ? `${params.get('name')} · 收藏` : '收藏详情';
  return (
    <Page title={title}>
      {getAccessToken() ? (
        <FavoriteList key={subjectId ?? 'all'} subjectId={subjectId} />
      ) : (
        <LoginPrompt description="登录后即可查看您收藏的课程" />
      )}
    </Page>
  );
}
