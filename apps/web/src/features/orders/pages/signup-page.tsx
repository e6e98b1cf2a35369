import { useState } from 'react';
import type { CreateOrderResult, Order, OrderProgress } from '@jinfa/shared/schemas';
import { Link, useNavigate, useSearchParams } from '../../../lib/router.ts';
import { Page } from '../../../components/page.tsx';
import { EmptyState, ErrorState } from '../../../components/states.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { formatDate } from '../../../lib/date.ts';
import { maskMobile } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useMe } from '../../user/index.ts';
import { createAutoOrder } from '../api/create-auto-order.ts';
import { createChapterOrder } from '../api/create-chapter-order.ts';
import { createColumnOrder } from '../api/create-column-order.ts';
import { createLiveOrder } from '../api/create-live-order.ts';
import { createOrder } from '../api/create-order.ts';
import { getOrderQuote, useOrderQuote, type OrderQuote, type QuoteTarget } from '../api/get-order-quote.ts';
import { OrderCover } from '../components/order-cover.tsx';
import { OrderItemSkeleton } from '../components/order-item-skeleton.tsx';
import { CheckoutLayer, PayBar, PayButton } from '../components/pay-bar.tsx';
import { useCheckout } from '../hooks/use-checkout.tsx';
import styles from './signup-page.module.css';

/** Already enrolled (spec §8, a silent code): say it here and go to what was bought. */
const ALREADY_ENROLLED = -1283;
const ENROL_NOT_STARTED = -1284;
const ENROL_ENDED = -1285;

const KIND_LABEL: Record<QuoteTarget, string> = { course: '课程', chapter: '单节购买', column: '专栏', live: '直播课' };

interface Target {
  target: QuoteTarget;
  id: number;
  /** A signed auto-order link (course only): timestamp and sign as received. */
  link: { timestamp: string; sign: string } | null;
}

function parseId(raw: string | null): number | null {
  const id = Number(raw);
  return raw !== null && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** ?chapterId= / ?columnId= / ?liveId= / ?courseId= (with &timestamp&sign for an auto-order link). */
function parseTarget(params: URLSearchParams): Target | null {
  const chapterId = parseId(params.get('chapterId'));
  if (chapterId) return { target: 'chapter', id: chapterId, link: null };
  const columnId = parseId(params.get('columnId'));
  if (columnId) return { target: 'column', id: columnId, link: null };
  const liveId = parseId(params.get('liveId'));
  if (liveId) return { target: 'live', id: liveId, link: null };
  const courseId = parseId(params.get('courseId'));
  if (!courseId) return null;
  const timestamp = params.get('timestamp');
  const sign = params.get('sign');
  return { target: 'course', id: courseId, link: timestamp && sign ? { timestamp, sign } : null };
}

function create(t: Target): Promise<CreateOrderResult> {
  if (t.target === 'chapter') return createChapterOrder(t.id);
  if (t.target === 'column') return createColumnOrder(t.id);
  if (t.target === 'live') return createLiveOrder(t.id);
  return t.link ? createAutoOrder(t.id, t.link) : createOrder(t.id);
}

/** Where the learner goes once it is theirs. */
function ownedHref(q: OrderQuote): string {
  if (q.target === 'column') return paths.columnDetail.getHref({ id: q.targetId });
  if (q.target === 'live') return paths.lives.getHref();
  return paths.courseDetail.getHref({ courseId: q.courseId ?? q.targetId });
}

function windowText(q: OrderQuote): string | null {
  const w = q.window;
  if (!w) return null;
  const at = (iso: string) => formatDate(iso, 'YYYY-MM-DD HH:mm');
  if (w.state === 'not_started' && w.startAt) return `报名将于 ${at(w.startAt)} 开始`;
  if (w.state === 'ended') return w.endAt ? `报名已于 ${at(w.endAt)} 截止` : '报名已结束';
  return w.endAt ? `报名截止 ${at(w.endAt)}` : null;
}

function payLabel(q: OrderQuote): string {
  if (q.code === ENROL_NOT_STARTED) return '报名未开始';
  if (q.code === ENROL_ENDED) return '报名已结束';
  return '暂不可购买';
}

async function confirmByQuote(t: Target, order: Order, signal?: AbortSignal): Promise<OrderProgress> {
  const q = await getOrderQuote(t.target, t.id, signal);
  return { orderId: order.orderId, status: q.owned ? 'paid' : 'pending', paid: q.owned, owned: q.owned };
}

function SignupSkeleton() {
  return (
    <div className={styles.card} aria-busy="true" aria-label="加载中">
      <OrderItemSkeleton />
    </div>
  );
}

function SignupBody({ target }: { target: Target }) {
  const navigate = useNavigate();
  const quote = useOrderQuote(target.target, target.id);
  const me = useMe();
  const [creating, setCreating] = useState(false);
  const checkout = useCheckout({
    onPaid: () => {
      if (quote.data) navigate(ownedHref(quote.data), { replace: true });
    },
    // A column or a live has no course to poll: it is paid once the quote says it is owned.
    confirm: target.target === 'column' || target.target === 'live' ? (order, signal) => confirmByQuote(target, order, signal) : undefined,
  });

  if (quote.isPending) return <SignupSkeleton />;
  if (quote.isError) return <ErrorState error={quote.error} onRetry={() => void quote.refetch()} />;
  const q = quote.data;
  const doneHref = ownedHref(q);

  if (q.owned) {
    return (
      <EmptyState
        title={`您已拥有这${q.target === 'chapter' ? '一节' : q.target === 'column' ? '个专栏' : q.target === 'live' ? '场直播' : '门课程'}`}
        description={q.message || '无需重复购买，直接开始学习吧'}
        action={
          <Link className={styles.link} to={doneHref} replace>
            去学习
          </Link>
        }
      />
    );
  }

  const blocked = q.code !== 0;
  const busy = creating || checkout.phase !== 'idle';
  const handlePay = async () => {
    if (busy || blocked) return;
    setCreating(true);
    let order: Order;
    try {
      order = (await create(target)).order;
    } catch (error) {
      if (error instanceof ApiError && error.code === ALREADY_ENROLLED) {
        toast.info('您已报名');
        navigate(doneHref, { replace: true });
      } else {
        void quote.refetch();
      }
      return;
    } finally {
      setCreating(false);
    }
    await checkout.pay(order);
  };

  const label = blocked
    ? payLabel(q)
    : checkout.phase === 'confirming'
      ? '支付确认中…'
      : checkout.phase === 'paying' || creating
        ? '请稍候…'
        : '确认支付';
  const bird = q.kind === 5;
  const when = windowText(q);
  return (
    <>
      <section className={styles.card} aria-label="订单信息">
        <h2 className={styles.cardTitle}>
          订单信息 <span className={styles.kind}>{bird ? '早鸟价' : KIND_LABEL[q.target]}</span>
        </h2>
        <div className={styles.summary}>
          <OrderCover cover={q.cover} size="lg" />
          <div className={styles.info}>
            <h3 className={styles.name}>{q.title}</h3>
            {q.subtitle && <p className={styles.lecturer}>{q.subtitle}</p>}
            {q.startAt && <p className={styles.lecturer}>开播 {formatDate(q.startAt, 'MM-DD HH:mm')}</p>}
            <p className={styles.price} data-testid="signup-price">
              <small>¥</small>
              {q.priceYuan}
              {q.originalPrice > q.price && <s className={styles.original}>¥{q.originalPriceYuan}</s>}
            </p>
          </div>
        </div>
        {when && (
          <p className={blocked ? styles.warn : styles.note} data-testid="signup-window">
            {when}
          </p>
        )}
        {blocked && !when && (
          <p className={styles.warn} data-testid="signup-blocked">
            {q.message}
          </p>
        )}
        {q.note && !blocked && <p className={styles.note}>{q.note}</p>}
        {q.target === 'column' && !blocked && <p className={styles.note}>购买后专栏内全部课程均可学习，已拥有的课程不重复计入</p>}
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
      <PayBar
        total={
          <>
            实付 <strong>¥{q.priceYuan}</strong>
          </>
        }
      >
        <PayButton data-testid="signup-pay" disabled={busy || blocked} onClick={() => void handlePay()}>
          {label}
        </PayButton>
      </PayBar>
      <CheckoutLayer checkout={checkout} confirming="支付确认中…" />
    </>
  );
}

/**
 * /course/signup (login required): the order summary of a course (?courseId, early-bird price and
 * window included; &timestamp&sign for a signed auto-order link), one chapter (?chapterId), a
 * column (?columnId) or a live course (?liveId), then 确认支付 through the pay bridge.
 */
export function SignupPage() {
  const [params] = useSearchParams();
  const target = parseTarget(params);
  return (
    <Page title="确认订单">
      {target == null ? (
        <EmptyState title="商品不存在" description="链接缺少课程、章节、专栏或直播编号" />
      ) : (
        <SignupBody key={`${target.target}-${target.id}`} target={target} />
      )}
    </Page>
  );
}
