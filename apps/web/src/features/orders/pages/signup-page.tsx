import { useState } from 'react';
import type { Order } from '@jinfa/shared/schemas';
import { Link, useNavigate, useSearchParams } from '../../../lib/router.ts';
import { Page } from '../../../components/page.tsx';
import { SkeletonBlock, SkeletonLines } from '../../../components/skeleton.tsx';
import { EmptyState, ErrorState } from '../../../components/states.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { maskMobile } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useCourse } from '../../course/api/get-course.ts';
import { useMe } from '../../user/api/get-me.ts';
import { createOrder } from '../api/create-order.ts';
import { OrderCover } from '../components/order-cover.tsx';
import { useCheckout } from '../hooks/use-checkout.tsx';
import styles from './signup-page.module.css';

/** Already enrolled (spec §8, a silent code): say it here and go to the course. */
const ALREADY_ENROLLED = -1283;

function parseCourseId(raw: string | null): number | null {
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

function SignupSkeleton() {
  return (
    <div className={styles.card} aria-busy="true" aria-label="加载中">
      <div className={styles.summary}>
        <SkeletonBlock width={120} height={75} />
        <div style={{ flex: 1 }}>
          <SkeletonLines lines={3} />
        </div>
      </div>
    </div>
  );
}

function SignupBody({ courseId }: { courseId: number }) {
  const navigate = useNavigate();
  const course = useCourse(courseId);
  const me = useMe();
  const [creating, setCreating] = useState(false);
  const courseHref = paths.courseDetail.getHref({ courseId });
  const checkout = useCheckout({ onPaid: () => navigate(courseHref, { replace: true }) });

  if (course.isPending) return <SignupSkeleton />;
  if (course.isError) return <ErrorState error={course.error} onRetry={() => void course.refetch()} />;
  const c = course.data;

  if (c.owned) {
    return (
      <EmptyState
        title="您已拥有这门课程"
        description="无需重复购买，直接开始学习吧"
        action={
          <Link className={styles.link} to={courseHref} replace>
            去学习
          </Link>
        }
      />
    );
  }

  const busy = creating || checkout.phase !== 'idle';
  const handlePay = async () => {
    if (busy) return;
    setCreating(true);
    let order: Order;
    try {
      order = (await createOrder(courseId)).order;
    } catch (error) {
      if (error instanceof ApiError && error.code === ALREADY_ENROLLED) {
        toast.info('您已报名该课程');
        navigate(courseHref, { replace: true });
      }
      return;
    } finally {
      setCreating(false);
    }
    await checkout.pay(order);
  };

  const label =
    checkout.phase === 'confirming' ? '支付确认中…' : checkout.phase === 'paying' || creating ? '请稍候…' : '确认支付';
  const lecturer = [c.lecturerName, c.lecturerPosition].filter(Boolean).join(' · ');
  return (
    <>
      <section className={styles.card} aria-label="订单信息">
        <h2 className={styles.cardTitle}>订单信息</h2>
        <div className={styles.summary}>
          <OrderCover cover={c.cover} size="lg" />
          <div className={styles.info}>
            <h3 className={styles.name}>{c.name}</h3>
            {lecturer && <p className={styles.lecturer}>{lecturer}</p>}
            <p className={styles.price} data-testid="signup-price">
              <small>¥</small>
              {c.priceYuan}
            </p>
          </div>
        </div>
        {c.memberFree ? (
          <p className={styles.note}>会员可免费学习此课程，开通会员更划算</p>
        ) : c.vipPriceYuan != null ? (
          <p className={styles.note}>会员价 ¥{c.vipPriceYuan}，开通会员后购买更优惠</p>
        ) : null}
      </section>
      <section className={styles.card} aria-label="报名信息">
        <h2 className={styles.cardTitle}>报名信息</h2>
        <dl className={styles.rows}>
          <div className={styles.row}>
            <dt>手机号</dt>
            <dd data-testid="signup-mobile">{me.data ? maskMobile(me.data.mobile) || '未绑定' : '—'}</dd>
          </div>
          <div className={styles.row}>
            <dt>支付方式</dt>
            <dd>微信支付</dd>
          </div>
        </dl>
        <p className={styles.hint}>购买后可在“我的课程 · 已购”中随时学习；未支付的订单将在一段时间后自动关闭。</p>
      </section>
      <div className={styles.barSpacer} />
      <div className={styles.bar}>
        <div className={styles.total}>
          实付 <strong>¥{c.priceYuan}</strong>
        </div>
        <button type="button" className={styles.pay} data-testid="signup-pay" disabled={busy} onClick={() => void handlePay()}>
          {label}
        </button>
      </div>
      {checkout.phase === 'confirming' && (
        <div className={styles.confirming} role="status" data-testid="pay-confirming">
          <span className={styles.spinner} aria-hidden="true" />
          支付确认中…
        </div>
      )}
      {checkout.sheet}
    </>
  );
}

/** /course/signup?courseId= (login required): the order summary, then 确认支付 through the pay bridge. */
export function SignupPage() {
  const [params] = useSearchParams();
  const courseId = parseCourseId(params.get('courseId'));
  return (
    <Page title="确认订单">
      {courseId == null ? <EmptyState title="课程不存在" description="链接缺少课程编号" /> : <SignupBody key={courseId} courseId={courseId} />}
    </Page>
  );
}
