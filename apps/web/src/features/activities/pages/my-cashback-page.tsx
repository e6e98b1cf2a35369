import type { CashbackReward } from '@jinfa/shared/activity-schemas';
import { Page } from '../../../components/page.tsx';
import { EmptyState } from '../../../components/states.tsx';
import { paths } from '../../../config/paths.ts';
import { cx } from '../../../lib/cx.ts';
import { Link } from '../../../lib/router.ts';
import { useMyRewards } from '../api/get-my-rewards.ts';
import { Loaded } from '../components/loaded.tsx';
import styles from '../components/activities.module.css';

const STATUS: Record<CashbackReward['status'], { text: string; tone?: string }> = {
  pending: { text: '待发放', tone: styles.wait },
  paying: { text: '发放中', tone: styles.wait },
  paid_out: { text: '已到账', tone: styles.ok },
  cancelled: { text: '已取消（订单退款）', tone: styles.off },
  failed: { text: '发放失败，请联系客服', tone: styles.off },
};

const day = (iso: string) => iso.slice(0, 10);

function Reward({ r }: { r: CashbackReward }) {
  const s = STATUS[r.status];
  return (
    <div className={styles.listItem} data-testid="cashback-reward">
      <div className={styles.listBody}>
        <p className={styles.listTitle}>{r.courseName}</p>
        <p className={styles.listMeta}>
          {r.buyerNickname || '好友'} 购买 · {day(r.createdAt)}
          {r.status === 'pending' && ` · ${day(r.payableAt)} 发放`}
        </p>
      </div>
      <div className={styles.amount}>
        +¥{r.amountYuan}
        <span className={cx(styles.status, s.tone)}>{s.text}</span>
      </div>
    </div>
  );
}

/** /userCenter/myCashBack: the learner's cash-back rewards and their payout state. */
export function MyCashBackPage() {
  const rewards = useMyRewards();
  return (
    <Page title="我的返现">
      <Loaded query={rewards}>
        {(data) => (
          <>
            <div className={styles.summary}>
              <div>
                <b>¥{(data.paidOutFen / 100).toFixed(2)}</b>
                <span>已到账</span>
              </div>
              <div>
                <b>¥{(data.pendingFen / 100).toFixed(2)}</b>
                <span>待发放</span>
              </div>
              <div>
                <b>{data.total}</b>
                <span>返现笔数</span>
              </div>
            </div>
            {data.rows.length === 0 ? (
              <EmptyState
                title="还没有返现"
                description="购买返现课程后分享给好友，好友购买即可获得返现"
                action={
                  <Link className={styles.emptyAction} to={paths.classification.getHref({ activityType: 1 })}>
                    去看返现课程
                  </Link>
                }
              />
            ) : (
              data.rows.map((r) => <Reward key={r.rewardId} r={r} />)
            )}
          </>
        )}
      </Loaded>
    </Page>
  );
}
