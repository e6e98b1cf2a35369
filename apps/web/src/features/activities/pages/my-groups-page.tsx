import type { MyGroupRow } from '@jinfa/shared/activity-schemas';
import { InfiniteList } from '../../../components/infinite-list.tsx';
import { Page } from '../../../components/page.tsx';
import { paths } from '../../../config/paths.ts';
import { cx } from '../../../lib/cx.ts';
import { Link } from '../../../lib/router.ts';
import { useMyGroups } from '../api/get-my-groups.ts';
import styles from '../components/activities.module.css';

function stateOf(row: MyGroupRow): { text: string; tone?: string } {
  if (row.group.status === 'formed') return { text: '拼团成功', tone: styles.ok };
  if (row.group.status === 'failed') return { text: row.memberStatus === 'refunded' ? '未成团 · 已退款' : '未成团 · 退款中', tone: styles.off };
  if (row.memberStatus === 'reserved') return { text: '待支付', tone: styles.wait };
  return { text: `拼团中 · 差${row.group.groupSize - row.group.paidCount}人`, tone: styles.wait };
}

function Row({ row }: { row: MyGroupRow }) {
  const state = stateOf(row);
  return (
    <Link className={styles.listItem} to={paths.activityCode.getHref(row.group.groupId)} data-testid="my-group">
      <div className={styles.listBody}>
        <p className={styles.listTitle}>{row.course.name}</p>
        <p className={styles.listMeta}>
          {row.isLeader ? '我是团长' : `${row.group.leaderNickname || '学员'}的团`} · {row.group.paidCount}/{row.group.groupSize}人
        </p>
      </div>
      <span className={cx(styles.status, state.tone)}>{state.text}</span>
    </Link>
  );
}

/** /userCenter/groupBuyList: the groups the learner started or joined. */
export function MyGroupsPage() {
  const groups = useMyGroups();
  return (
    <Page title="我的拼团">
      <div className={styles.listTop} />
      <InfiniteList
        query={groups}
        itemKey={(row) => row.group.groupId}
        renderItem={(row) => <Row row={row} />}
        skeleton={<div className={styles.skeleton} aria-label="加载中" />}
        empty={{
          title: '还没有拼团',
          description: '和好友一起拼团，优惠价学好课',
          action: (
            <Link className={styles.emptyAction} to={paths.activityGroupBuy.getHref()}>
              去拼团
            </Link>
          ),
        }}
        testId="my-groups"
      />
    </Page>
  );
}
