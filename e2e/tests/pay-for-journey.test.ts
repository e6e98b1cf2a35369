/**
 * The 代付 journey (decision 013): learner A, in WeChat, taps 找人代付 on an unpaid order in
 * 我的订单 and lands on the link's page, which tells them to share it; friend B opens the link in
 * another browser, logs in, sees who asks and what, pays in the sandbox cashier — and A owns the
 * course, B does not. Also: the shared error popup never leaves one character alone on a line.
 * Phone size, WeChat user agent, real server (PAY_PROVIDER sandbox), seeded database.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useJourney } from '../support/journey.ts';
import { artifact } from '../support/browser.ts';
import { toastGone } from '../support/page.ts';
import type { CourseRow } from '../support/api.ts';

describe('pay-for (代付) journey', () => {
  const { server, phone, api, presetToken: tokenOf, courses } = useJourney();

  /** Signs in on the login page's preset-user list (test-login mode) and comes back to `redirect`. */
  async function loginAs(page: Page, index: number) {
    await page.getByTestId('login-test-user').nth(index).click();
  }

  it('A asks for 代付 from 我的订单, B pays it from the link, and A owns the course', async () => {
    const preset = await api<Array<{ userId: number }>>('GET', '/v1/users/preset');
    const [b, a] = preset.data;
    expect(a && b, 'at least two preset users').toBeTruthy();
    const tokenA = await tokenOf(a!.userId);
    const tokenB = await tokenOf(b!.userId);

    // A's unpaid order for a paid course A does not own yet (made by API, as the sign-up page would).
    let course: CourseRow | undefined;
    let order: { orderId: number; orderPrice: string } | undefined;
    for (const c of (await courses()).filter((row) => !row.isFree && row.courseType === 1)) {
      const created = await api<{ order: { orderId: number; orderPrice: string } }>('POST', `/v1/orders/${c.courseId}`, tokenA);
      if (created.code === 0) {
        course = c;
        order = created.data.order;
        break;
      }
    }
    expect(order, 'A can order some paid course').toBeTruthy();
    const before = await api<{ owned: boolean }>('GET', `/v1/courses/${course!.courseId}/check_order_progress`, tokenA);
    expect(before.data.owned).toBe(false);

    // A, inside WeChat: 我的订单 → 找人代付 → the link's page, which says to share it from the menu.
    const contextA = await phone();
    const pageA = await contextA.newPage();
    await pageA.goto(`${server.url}/#/user/login?redirect=${encodeURIComponent('/userCenter/myOrder')}`);
    await loginAs(pageA, 1);
    await pageA.waitForURL(/#\/userCenter\/myOrder/);
    const card = pageA.locator(`[data-testid=order-card][data-order-id="${order!.orderId}"]`);
    await card.getByRole('button', { name: '找人代付' }).click();
    await pageA.waitForURL(/#\/order\/payFor\?token=\d+\.[\w-]+$/);
    expect(await pageA.getByTestId('pay-for-share-hint').innerText()).toContain('点击右上角「···」');
    expect(await pageA.getByTestId('pay-for-requester').innerText()).toBe('找人帮你付款');
    const link = pageA.url();
    await toastGone(pageA);
    await pageA.screenshot({ path: artifact('pay-for-owner.png') });

    // B opens the link in another browser: login first, then back on the link's page.
    const contextB = await phone();
    const pageB = await contextB.newPage();
    await pageB.goto(link);
    await pageB.waitForURL(/#\/user\/login\?redirect=/);
    await loginAs(pageB, 0);
    await pageB.waitForURL(/#\/order\/payFor\?token=/);
    // The owner's nickname as the server gives it to the friend (never a mobile).
    const token = new URL(link.replace('/#/', '/')).searchParams.get('token')!;
    const asked = await api<{ requesterName: string }>('GET', `/v1/orders/pay_for/${token}`, tokenB);
    expect(asked.data.requesterName).not.toMatch(/\d{11}/);
    expect(await pageB.getByTestId('pay-for-requester').innerText()).toBe(`${asked.data.requesterName} 请你帮忙付款`);
    expect(await pageB.getByRole('heading', { name: course!.name }).count()).toBe(1);
    expect(await pageB.getByTestId('pay-for-price').innerText()).toBe(`¥${order!.orderPrice}`);
    expect(await pageB.getByTestId('pay-for-countdown').innerText()).toMatch(/订单将在 \d{2}:\d{2} 后关闭/);
    await toastGone(pageB);
    await pageB.screenshot({ path: artifact('pay-for-friend.png') });

    // 帮TA付款 → the sandbox cashier → paid.
    await pageB.getByRole('button', { name: '帮TA付款' }).click();
    const confirm = pageB.getByTestId('sandbox-pay-confirm');
    await confirm.waitFor();
    expect(await pageB.getByTestId('sandbox-pay-amount').innerText()).toBe(`¥${order!.orderPrice}`);
    await confirm.click();
    await pageB.getByTestId('pay-for-paid').waitFor();
    await toastGone(pageB);
    await pageB.screenshot({ path: artifact('pay-for-paid.png') });

    // A owns the course; the order is A's (not in B's list); B was not enrolled.
    const after = await api<{ orderId: number; status: string; owned: boolean }>('GET', `/v1/courses/${course!.courseId}/check_order_progress`, tokenA);
    expect(after.data).toMatchObject({ orderId: order!.orderId, status: 'paid', owned: true });
    const listB = await api<{ rows: Array<{ orderId: number }> }>('GET', '/v1/orders/list/0?pageIndex=1&pageSize=50', tokenB);
    expect(listB.data.rows.map((r) => r.orderId)).not.toContain(order!.orderId);
    const progressB = await api<{ orderId: number | null }>('GET', `/v1/courses/${course!.courseId}/check_order_progress`, tokenB);
    expect(progressB.data.orderId).toBeNull();

    // A's course page is unlocked at once; the link, opened again, says it is paid.
    await pageA.goto(`${server.url}/#/course/detail?courseId=${course!.courseId}`);
    await pageA.getByTestId('study-button').waitFor();
    expect(await pageA.getByTestId('buy-button').count()).toBe(0);
    await pageB.reload();
    expect(await pageB.getByTestId('pay-for-done').innerText()).toContain('该订单已支付');
    await contextA.close();
    await contextB.close();
  });

  it('wraps the profile-review popups into even lines, never one character alone (262147, 262148)', async () => {
    const course = (await courses()).find((c) => !c.isFree && c.courseType === 1)!;
    const context = await phone();
    const page = await context.newPage();
    await page.goto(`${server.url}/#/user/login?redirect=${encodeURIComponent(`/course/signup?courseId=${course.courseId}`)}`);
    await loginAs(page, 2);
    await page.waitForURL(/#\/course\/signup/);
    for (const code of [262147, 262148]) {
      // The server's review answer, as a learner under review (262147) or rejected (262148) gets it.
      await page.route('**/v1/courses/*/check_user_audit_status', (route) =>
        route.fulfill({ contentType: 'application/json', body: JSON.stringify({ code: 0, message: 'ok', data: { code, canBuy: false, needsVerifiedProfile: true } }) }),
      );
      await page.getByTestId('signup-pay').click();
      const popup = page.getByTestId('error-popup');
      await popup.waitFor();
      // The popup's message as rendered, line by line.
      const lines = await page.locator('.jf-popup__content').evaluate((el) => {
        const text = el.firstChild as Text;
        const byTop = new Map<number, string>();
        for (let i = 0; i < text.length; i++) {
          const range = document.createRange();
          range.setStart(text, i);
          range.setEnd(text, i + 1);
          const top = Math.round(range.getBoundingClientRect().top);
          byTop.set(top, (byTop.get(top) ?? '') + text.data[i]);
        }
        return [...byTop.values()];
      });
      // Two even lines broken at the comma: "您的资料审核未通过，/请修改后重新提交", never "…重新提/交" or "未通/过".
      expect(lines, `${code}`).toHaveLength(2);
      expect(lines[0], `${code}`).toMatch(/，$/);
      expect(Math.min(...lines.map((l) => l.length)), `${code}: ${lines.join('/')}`).toBeGreaterThanOrEqual(4);
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
      await page.screenshot({ path: artifact(`popup-${code}.png`) });
      await popup.getByRole('button', { name: /知道了|取消/ }).click();
      await popup.waitFor({ state: 'detached' });
      await page.unroute('**/v1/courses/*/check_user_audit_status');
    }
    await context.close();
  });
});
