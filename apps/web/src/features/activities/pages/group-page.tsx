import type { GroupDetail } from '@jinfa/shared/activity-schemas';
import { Page } from '../../../components/page.tsx';
import { paths } from '../../../config/paths.ts';
import { cx } from '../../../lib/cx.ts';
import { Link, useParams } from '../../../lib/router.ts';
import { useEnterGroup } from '../api/enter-group.ts';
import { useGroup } from '../api/get-group.ts';
import { CourseHero, PriceRow } from '../components/course-hero.tsx';
import { Face } from '../components/face.tsx';
import { Loaded } from '../components/loaded.tsx';
import { useNow } from '../../../lib/use-now.ts';
import { usePayOrder } from '../hooks/use-pay-order.ts';
import { formatLeft, parseId } from '../lib/format.ts';
import { shareLink, shareOrCopy } from '../lib/share-link.ts';
import styles from '../components/activities.module.css';

function headline(d: GroupDetail, now: number): { text: string; tone: string; countdown?: string } {
  const { group } = d;
  if (group.status === 'formed') return { text: '拼团成功', tone: styles.ok ?? '' };
  if (group.status === 'failed') return { text: '拼团未成功', tone: styles.off ?? '' };
  const missing = group.groupSize - group.paidCount;
  return { text: `还差 ${missing} 人成团`, tone: styles.strong ?? '', countdown: `剩余 ${formatLeft(Date.parse(group.expiresAt) - now)} 结束` };
}

function GroupBody({ data }: { data: GroupDetail }) {
  const now = useNow();
  const enter = useEnterGroup();
  const checkout = usePayOrder();
  const { group, activity, members, mine, owned } = data;
  const busy = enter.isPending || checkout.phase !== 'idle';
  const head = headline(data, now);
  const live = mine && (mine.status === 'reserved' || mine.status === 'paid');
  const forming = group.status === 'forming' && Date.parse(group.expiresAt) > now;

  // Joining (or finishing the payment of a slot already held: the same call answers that order).
  const handleJoin = async () => {
    const res = await enter.mutateAsync({ join: group.groupId }).catch(() => null);
    if (res?.order.status === 'pending') await checkout.pay(res.order);
  };
  const handleShare = () => void shareOrCopy(shareLink(paths.activityCode.getHref(group.groupId)));

  const empty = Math.max(0, group.groupSize - members.length);
  let note = '';
  if (group.status === 'failed') note = mine ? '未在规定时间内成团，已支付的款项将原路退回。' : '该团未能成团，可以去发起新的拼团。';
  else if (group.status === 'formed') note = '成团后所有团员即可学习该课程。';
  else if (mine?.status === 'paid') note = '您已支付，团满后即可学习；超时未成团将自动原路退款。';
  else if (mine?.status === 'reserved') note = '名额已为您保留，请尽快完成支付。';
  else note = `${activity.groupSize}人成团，超时未成团自动原路退款。`;

  return (
    <>
      <section className={cx(styles.section, styles.first)} data-testid="group-state">
        <p className={cx(styles.state, head.tone)}>{head.text}</p>
        {head.countdown && <p className={styles.countdown}>{head.countdown}</p>}
        <div className={styles.slots}>
          {members.map((m, i) => (
            <Face key={`${i}-${m.nickname}`} nickname={m.nickname} avatar={m.avatar} leader={m.isLeader} />
          ))}
          {group.status === 'forming' && Array.from({ length: empty }, (_, i) => <Face key={`empty-${i}`} empty />)}
        </div>
        <p className={cx(styles.note, styles.center)}>{note}</p>
      </section>

      <CourseHero course={activity.course} badge={`${activity.groupSize}人团`}>
        <PriceRow price={activity.groupPriceYuan} original={activity.course.priceYuan} />
      </CourseHero>

      <div className={styles.barSpacer} />
      <div className={styles.bar}>
        {group.status === 'formed' && (live || owned) ? (
          <Link className={styles.primary} to={paths.courseDetail.getHref({ courseId: activity.course.courseId })}>
            去学习
          </Link>
        ) : !forming ? (
          <Link className={styles.primary} to={paths.activityGroup.getHref(activity.activityId)}>
            发起新的拼团
          </Link>
        ) : mine?.status === 'paid' ? (
          <button type="button" className={styles.primary} onClick={handleShare}>
            邀请好友参团
          </button>
        ) : mine?.status === 'reserved' ? (
          <button type="button" className={styles.primary} disabled={busy} onClick={() => void handleJoin()}>
            继续支付 ¥{activity.groupPriceYuan}
          </button>
        ) : owned ? (
          <Link className={styles.primary} to={paths.courseDetail.getHref({ courseId: activity.course.courseId })}>
            已拥有，去学习
          </Link>
        ) : (
          <>
            <button type="button" className={styles.secondary} onClick={handleShare}>
              分享
            </button>
            <button type="button" className={styles.primary} data-testid="group-join" disabled={busy || group.slotsLeft === 0} onClick={() => void handleJoin()}>
              {group.slotsLeft === 0 ? '名额已满' : `¥${activity.groupPriceYuan} 参团`}
            </button>
          </>
        )}
      </div>
      {checkout.sheet}
    </>
  );
}

/** /activity/code/{groupId}: one group's state, the page members share. */
export function GroupPage() {
  const groupId = parseId(useParams().groupId);
  const query = useGroup(groupId);
  return (
    <Page title="拼团详情">
      <Loaded query={query} badLink={groupId == null}>
        {(data) => <GroupBody data={data} />}
      </Loaded>
    </Page>
  );
}
