/**
 * The purchase journey (issue 4 §7): an anonymous learner opens a paid course, is sent to log
 * in, comes back, taps buy, pays in the sandbox cashier and owns the course at once; the order
 * shows as paid in /userCenter/myOrder. Phone size, WeChat user agent, real server (PAY_PROVIDER
 * sandbox, the default), seeded database, Debian Chromium.
 */
import { describe, expect, it } from 'vitest';
import { useJourney } from '../support/journey.ts';
import { artifact } from '../support/browser.ts';
import { smsLogin, toastGone } from '../support/page.ts';

describe('purchase journey', () => {
  const { server, phone, api, presetToken: tokenOf, courses } = useJourney();

  it('buys a paid course in the sandbox cashier and owns it at once', async () => {
    const course = (await courses()).find((c) => !c.isFree && c.courseType === 1);
    expect(course, 'the demo catalogue has a paid single course').toBeTruthy();
    const { courseId, name, priceYuan } = course!;

    const context = await phone();
    const page = await context.newPage();
    const mobile = '13700004444';

    // Anonymous: the course page needs a login, and comes back after it.
    await page.goto(`${server.url}/#/course/detail?courseId=${courseId}`);
    await page.waitForURL(/#\/user\/login\?redirect=/);
    await smsLogin(page, server, mobile);
    await page.waitForURL(new RegExp(`#/course/detail\\?courseId=${courseId}`));

    // Buy → the sign-up page with the order summary.
    await page.getByTestId('buy-button').click();
    await page.waitForURL(new RegExp(`#/course/signup\\?courseId=${courseId}`));
    await page.getByRole('heading', { name }).waitFor();
    await expect.poll(() => page.getByTestId('signup-mobile').innerText()).toBe('137****4444');
    await toastGone(page);
    await page.screenshot({ path: artifact('purchase-signup.png') });

    // 确认支付 → the sandbox cashier sheet.
    await page.getByRole('button', { name: '确认支付' }).click();
    const confirm = page.getByTestId('sandbox-pay-confirm');
    await confirm.waitFor();
    expect(await page.getByTestId('sandbox-pay-amount').innerText()).toBe(`¥${priceYuan}`);
    // The sheet slides up; photograph it where it rests.
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await page.screenshot({ path: artifact('purchase-sandbox-sheet.png') });
    await confirm.click();

    // Paid: back on the course page, which is unlocked (no buy button).
    await page.waitForURL(new RegExp(`#/course/detail\\?courseId=${courseId}`));
    await page.getByTestId('study-button').waitFor();
    expect(await page.getByTestId('buy-button').count()).toBe(0);
    await page.getByText('支付成功').waitFor();

    // The order, paid, in 我的订单.
    await page.goto(`${server.url}/#/userCenter/myOrder`);
    const card = page.getByTestId('order-card').first();
    await card.waitFor();
    expect(await card.getByRole('heading').innerText()).toBe(name);
    expect(await card.getByTestId('order-status').innerText()).toBe('已支付');
    await toastGone(page);
    await page.screenshot({ path: artifact('purchase-my-order.png') });
    await context.close();
  });

  it("keeps one learner's order out of another's 我的订单 and refuses another's cancel", async () => {
    const course = (await courses()).filter((c) => !c.isFree && c.courseType === 1).at(-1)!;
    // Two preset learners (test-login mode): B signs in through the login page's list, A by API.
    const preset = await api<Array<{ userId: number }>>('GET', '/v1/users/preset');
    const [b, a] = preset.data;
    expect(a && b, 'at least two preset users').toBeTruthy();
    const tokenA = await tokenOf(a!.userId);
    const tokenB = await tokenOf(b!.userId);
    const created = await api<{ order: { orderId: number } }>('POST', `/v1/orders/${course.courseId}`, tokenA);
    expect(created.code).toBe(0);
    const orderId = created.data.order.orderId;

    const context = await phone();
    const page = await context.newPage();
    await page.goto(`${server.url}/#/user/login?redirect=${encodeURIComponent('/userCenter/myOrder')}`);
    await page.getByTestId('login-test-user').first().click();
    await page.waitForURL(/#\/userCenter\/myOrder/);
    await page.getByText('暂无订单').waitFor();
    expect(await page.getByTestId('order-card').count()).toBe(0);

    // B's token on A's order: not found (indistinguishable from no order), and A's order untouched.
    const refused = await page.request.delete(`${server.url}/v1/orders/${orderId}`, { headers: { 'access-token': tokenB } });
    expect(((await refused.json()) as { code: number }).code).toBe(-10004);
    const listB = await api<{ rows: Array<{ orderId: number }> }>('GET', '/v1/orders/list/0?pageIndex=1&pageSize=50', tokenB);
    expect(listB.data.rows.map((r) => r.orderId)).not.toContain(orderId);
    const progressA = await api<{ orderId: number; status: string }>('GET', `/v1/courses/${course.courseId}/check_order_progress`, tokenA);
    expect(progressA.data).toMatchObject({ orderId, status: 'pending' });
    await context.close();
  });
});
