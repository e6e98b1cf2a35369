import type { GroupBuyPage as GroupBuyData, GroupView } from '@jinfa/shared/activity-schemas';
import { Page } from '../../../components/page.tsx';
import { EmptyState } from '../../../components/states.tsx';
import { paths } from '../../../config/paths.ts';
import { Link, useNavigate, useParams, useSearchParams } from '../../../lib/router.ts';
import { useGroupActivities, useGroupBuyPage } from '../api/get-group-buy.ts';
import { useEnterGroup } from '../api/enter-group.ts';
import { CourseHero, PriceRow } from '../components/course-hero.tsx';
import { Face } from '../components/face.tsx';
import { Loaded } from '../components/loaded.tsx';
import { Steps } from '../components/steps.tsx';
import { useNow } from '../../../lib/use-now.ts';
import { usePayOrder } from '../hooks/use-pay-order.ts';
import { formatLeft, formatWindow, parseId } from '../lib/format.ts';
import { shareLink, shareOrCopy } from '../lib/share-link.ts';
import styles from '../components/activities.module.css';

function OpenGroup({ group, now, busy, onJoin }: { group: GroupView; now: number; busy: boolean; onJoin: (g: GroupView) => void }) {
  return (
    <div className={styles.groupRow} data-testid="open-group">
      <Face nickname={group.leaderNickname} avatar={group.leaderAvatar} />
      <div className={styles.groupInfo}>
        <Link to={paths.activityCode.getHref(group.groupId)}>{group.leaderNickname || '学员'}的团</Link>
        <p>
          还差<span className={styles.strong}>{group.slotsLeft}</span>人 · 剩余 {formatLeft(Date.parse(group.expiresAt) - now)}
        </p>
      </div>
      <button type="button" className={styles.smallButton} disabled={busy} onClick={() => onJoin(group)}>
        去参团
      </button>
    </div>
  );
}

function GroupBuyBody({ data }: { data: GroupBuyData }) {
  const now = useNow();
  const navigate = useNavigate();
  const enter = useEnterGroup();
  const checkout = usePayOrder((order) => {
    const group = enter.data?.group;
    if (group && order.orderId === enter.data?.order.orderId) navigate(paths.activityCode.getHref(group.groupId));
  });
  const { activity, openGroups, mine, owned } = data;
  const busy = enter.isPending || checkout.phase !== 'idle';
  const open = activity.state === 'open';

  const handleEnter = async (target: { start: number } | { join: number }) => {
    const res = await enter.mutateAsync(target).catch(() => null);
    if (!res) return;
    if (res.order.status === 'pending') await checkout.pay(res.order);
  };

  const save = activity.course.price - activity.groupPrice;
  return (
    <>
      <CourseHero course={activity.course} badge={`${activity.groupSize}人团`} sub={`${formatWindow(activity.formWithinMs)}内凑满${activity.groupSize}人即成团，未成团自动退款`}>
        <PriceRow price={activity.groupPriceYuan} original={activity.course.priceYuan} save={save > 0 ? `拼团省¥${(save / 100).toFixed(2)}` : null} />
      </CourseHero>

      <section className={styles.section}>
        <h3 className={styles.sectionTitle}>拼团玩法</h3>
        <Steps items={['开团或参团', '邀请好友', '满员成团', '解锁课程']} />
      </section>

      {mine && (
        <section className={styles.section}>
          <h3 className={styles.sectionTitle}>我的拼团</h3>
          <p className={styles.note}>{mine.status === 'paid' ? '已支付，等待好友参团，成团后即可学习。' : '已占好位置，完成支付后即锁定名额。'}</p>
          <div className={styles.inlineActions}>
            <Link className={styles.secondary} to={paths.activityCode.getHref(mine.groupId)}>
              查看我的团
            </Link>
          </div>
        </section>
      )}

      <section className={styles.section}>
        <h3 className={styles.sectionTitle}>正在拼团（{openGroups.length}）</h3>
        {openGroups.length === 0 ? (
          <p className={styles.note}>暂时没有可参加的团，发起一个吧，邀请好友一起学。</p>
        ) : (
          openGroups.map((g) => <OpenGroup key={g.groupId} group={g} now={now} busy={busy || !!mine || owned} onJoin={(x) => void handleEnter({ join: x.groupId })} />)
        )}
      </section>

      <div className={styles.barSpacer} />
      <div className={styles.bar}>
        <button type="button" className={styles.secondary} onClick={() => void shareOrCopy(shareLink(paths.activityGroup.getHref(activity.activityId)))}>
          分享给好友
        </button>
        {owned ? (
          <Link className={styles.primary} to={paths.courseDetail.getHref({ courseId: activity.course.courseId })}>
            已拥有，去学习
          </Link>
        ) : mine ? (
          <Link className={styles.primary} to={paths.activityCode.getHref(mine.groupId)}>
            {mine.status === 'paid' ? '邀请好友参团' : '继续支付'}
          </Link>
        ) : (
          <button type="button" className={styles.primary} data-testid="group-start" disabled={!open || busy} onClick={() => void handleEnter({ start: activity.activityId })}>
            {activity.state === 'not_started' ? '活动未开始' : activity.state === 'ended' ? '活动已结束' : `¥${activity.groupPriceYuan} 发起拼团`}
          </button>
        )}
      </div>
      {checkout.sheet}
    </>
  );
}

function ActivityById({ activityId }: { activityId: number }) {
  const page = useGroupBuyPage(activityId);
  return <Loaded query={page}>{(data) => <GroupBuyBody data={data} />}</Loaded>;
}

/** No id: the running activity of the course (or any), so /activity/groupBuy works as an entry. */
function FirstActivity({ courseId }: { courseId: number | null }) {
  const list = useGroupActivities(courseId ?? undefined);
  return (
    <Loaded query={list}>
      {({ rows }) => {
        const first = rows.find((a) => a.state === 'open') ?? rows[0];
        if (!first) return <EmptyState title="暂无拼团活动" description="新的拼团活动上线后会出现在这里" />;
        return <ActivityById activityId={first.activityId} />;
      }}
    </Loaded>
  );
}

/** /activity/groupBuy?id=activityId (or ?courseId=) and /activity/group/{activityId}: a group-buy course. */
export function GroupBuyPage() {
  const [params] = useSearchParams();
  const routeParams = useParams();
  const activityId = parseId(routeParams.activityId) ?? parseId(params.get('id'));
  return (
    <Page title="拼团">
      {activityId != null ? <ActivityById activityId={activityId} /> : <FirstActivity courseId={parseId(params.get('courseId'))} />}
    </Page>
  );
}
