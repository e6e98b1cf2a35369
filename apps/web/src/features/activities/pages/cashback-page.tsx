import { useState } from 'react';
import { ErrorCodes, errorMessage } from '@jinfa/shared/errors';
import type { CashbackOffer } from '@jinfa/shared/activity-schemas';
import { Page } from '../../../components/page.tsx';
import { paths } from '../../../config/paths.ts';
import { getSourceId } from '../../../lib/source-id.ts';
import { Link, useSearchParams } from '../../../lib/router.ts';
import { useCashbackOffer, type LinkReferral } from '../api/get-cashback-offer.ts';
import { useCreateCashbackOrder } from '../api/create-cashback-order.ts';
import { useCreateInviteLink } from '../api/create-invite-link.ts';
import { useShare } from '../../share/index.ts';
import { CourseHero, PriceRow } from '../components/course-hero.tsx';
import { Loaded } from '../components/loaded.tsx';
import { Steps } from '../components/steps.tsx';
import { usePayOrder } from '../hooks/use-pay-order.ts';
import { parseId } from '../lib/format.ts';
import { shareLink, shareOrCopy } from '../lib/share-link.ts';
import styles from '../components/activities.module.css';

/** The invitation token of a link: letters, digits, - and _ (anything else is not ours). */
function parseToken(v: string | null): string | null {
  return v != null && /^[A-Za-z0-9_-]{16,64}$/.test(v) ? v : null;
}

function OfferBody({ offer, referral }: { offer: CashbackOffer; referral: LinkReferral }) {
  const create = useCreateCashbackOrder();
  const invite = useCreateInviteLink();
  const checkout = usePayOrder();
  const busy = create.isPending || checkout.phase !== 'idle';
  const { course } = offer;
  // The link a learner shares: the spec's cash-back query (id, suid, source=rebate) and the
  // server's invitation token `it`, without which the link rewards no one (decision 019).
  const [myToken, setMyToken] = useState<string | null>(null);
  const myPath = myToken ? paths.activityCashBack.getHref({ id: course.courseId, source: 'rebate', it: myToken }) : undefined;
  // Inside WeChat the menu shares the page's share config: once the owner has a token, it carries it.
  useShare(myPath ? { title: course.name, image: course.cover, link: myPath, courseId: course.courseId } : null);
  const handleShare = async () => {
    const link = myToken ?? (await invite.mutateAsync(course.courseId).catch(() => null))?.token ?? null;
    if (!link) return;
    setMyToken(link);
    await shareOrCopy(shareLink(paths.activityCashBack.getHref({ id: course.courseId, source: 'rebate', it: link })));
  };

  const handleBuy = async () => {
    const res = await create.mutateAsync({ courseId: course.courseId, ref: referral }).catch(() => null);
    if (res?.order.status === 'pending') await checkout.pay(res.order);
  };

  return (
    <>
      <CourseHero course={course} badge="返现" sub={`${course.lecturerName} · ${course.lecturerPosition}`}>
        <PriceRow
          price={offer.priceYuan ?? course.priceYuan}
          original={course.originalPrice > course.price ? (course.originalPrice / 100).toFixed(2) : null}
          save={`分享返¥${offer.rebateYuan}`}
        />
      </CourseHero>

      {offer.sharerRewarded && !offer.owned && (
        <section className={styles.section}>
          <p className={styles.note}>
            来自 <b>{offer.sharerNickname || '好友'}</b> 的推荐：您购买后，TA 将获得 ¥{offer.rebateYuan} 分享奖励。
          </p>
        </section>
      )}

      <section className={styles.section}>
        <h3 className={styles.sectionTitle}>分享返现规则</h3>
        <Steps items={['购买课程', '分享给好友', '好友购买', '返现到零钱']} />
        <p className={styles.note}>每位好友通过您的链接购买，您可获得 ¥{offer.rebateYuan} 返现；好友付款 7 天后发放至微信零钱，期间退款的订单不计返现。</p>
        {offer.blockedCode !== 0 && !offer.owned && <p className={styles.note}>{errorMessage(offer.blockedCode)}</p>}
      </section>

      <div className={styles.barSpacer} />
      <div className={styles.bar}>
        {offer.owned ? (
          <>
            <Link className={styles.secondary} to={paths.myCashBack.getHref()}>
              我的返现
            </Link>
            <button type="button" className={styles.primary} data-testid="cashback-share" disabled={invite.isPending} onClick={() => void handleShare()}>
              分享赚 ¥{offer.rebateYuan}
            </button>
          </>
        ) : (
          <button type="button" className={styles.primary} data-testid="cashback-buy" disabled={busy || offer.price === null} onClick={() => void handleBuy()}>
            {offer.blockedCode === ErrorCodes.VIP_CASHBACK_NEEDS_VIP_PRICE ? '会员暂不可参加' : `立即购买 ¥${offer.priceYuan ?? course.priceYuan}`}
          </button>
        )}
      </div>
      {checkout.sheet}
    </>
  );
}

/** /activity/cashBack?id&suid&it&source=rebate&tid: a cash-back course's landing. */
export function CashBackPage() {
  const [params] = useSearchParams();
  const courseId = parseId(params.get('id'));
  // The link's sharer, else the source id remembered for 30 minutes (spec §3).
  const suid = parseId(params.get('suid')) ?? getSourceId();
  const referral: LinkReferral = { suid, it: parseToken(params.get('it')) };
  const offer = useCashbackOffer(courseId, referral);
  return (
    <Page title="分享返现">
      <Loaded query={offer} badLink={courseId == null}>
        {(data) => <OfferBody offer={data} referral={referral} />}
      </Loaded>
    </Page>
  );
}
