import { InfiniteList } from '../../../components/infinite-list.tsx';
import { Page } from '../../../components/page.tsx';
import { SkeletonCard } from '../../../components/skeleton.tsx';
import { useColumns } from '../api/get-columns.ts';
import { ColumnCard } from '../components/column-card.tsx';

/** /columns: every column on sale, newest first. */
export function ColumnsPage() {
  const columns = useColumns();
  return (
    <Page title="专栏">
      <InfiniteList
        query={columns}
        itemKey={(c) => c.columnId}
        renderItem={(c) => <ColumnCard column={c} />}
        skeleton={
          <>
            <SkeletonCard lines={4} />
            <SkeletonCard lines={4} />
            <SkeletonCard lines={4} />
          </>
        }
        empty={{ title: '暂无专栏', description: '专栏正在筹备中，敬请期待' }}
        testId="column-list"
      />
    </Page>
  );
}
