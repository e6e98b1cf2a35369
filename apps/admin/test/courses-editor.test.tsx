import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, operator, renderApp } from './support';
import type { Call } from './support';
import { LOOKUPS, chapter, course } from './courses-fixtures';

// The first render of a lazy page on a busy two-core machine can take several seconds.
const SLOW = { timeout: 20_000 };
const writes = (calls: Call[]) => calls.filter((c) => c.method !== 'GET');

const THREE = [chapter({ id: 11, title: '第一讲', sort: 1 }), chapter({ id: 12, title: '第二讲', sort: 2 }), chapter({ id: 13, title: '第三讲', sort: 3 })];

function titlesInOrder(): string[] {
  const table = screen.getByTestId('chapter-table');
  return within(table)
    .getAllByText(/^第.讲$/)
    .map((el) => el.textContent ?? '');
}

describe('课程 editor', { timeout: 60_000 }, () => {
  it('refuses a negative price without calling the API, then saves the fixed price in fen', async () => {
    const { calls } = mockApi({
      'GET /v1/admin/session': { code: 0, data: { operator: operator('operator'), csrfToken: 'csrf-3' } },
      'GET /v1/admin/lookups': { code: 0, data: LOOKUPS },
      'GET /v1/admin/courses/7': { code: 0, data: course() },
      'PATCH /v1/admin/courses/7': (c) => ({ code: 0, data: course({ ...(c.body as object) }) }),
    });
    renderApp('/admin/courses/7');
    const price = (await screen.findByLabelText('售价（元）', {}, SLOW)) as HTMLInputElement;
    expect(price.value).toBe('199.00');

    const user = userEvent.setup();
    await user.clear(price);
    await user.type(price, '-5');
    await user.click(screen.getByTestId('course-save'));
    expect(await screen.findByText('价格不能为负数')).toBeTruthy();
    expect(writes(calls)).toHaveLength(0);

    await user.clear(price);
    await user.type(price, '99.5');
    await user.click(screen.getByTestId('course-save'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    const patch = writes(calls)[0]!;
    // Only the changed field, in fen, with the session's CSRF token.
    expect(patch.body).toEqual({ price: 9950 });
    expect(patch.headers['X-CSRF-Token']).toBe('csrf-3');
    expect(await screen.findByText('已保存')).toBeTruthy();
  });

  it('上移 / 下移 save the new chapter order and show it', async () => {
    let order = [11, 12, 13];
    const { calls } = mockApi({
      'GET /v1/admin/session': { code: 0, data: { operator: operator('operator'), csrfToken: 'c' } },
      'GET /v1/admin/lookups': { code: 0, data: LOOKUPS },
      'GET /v1/admin/courses/7': () => ({
        code: 0,
        data: course({ chapters: order.map((id, i) => ({ ...THREE.find((c) => c.id === id)!, sort: i + 1 })) }),
      }),
      'PUT /v1/admin/courses/7/chapter-order': (c) => {
        order = (c.body as { chapterIds: number[] }).chapterIds;
        return { code: 0, data: null };
      },
    });
    renderApp('/admin/courses/7');
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('下移「第一讲」', {}, SLOW));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]!.body).toEqual({ chapterIds: [12, 11, 13] });
    await waitFor(() => expect(titlesInOrder()).toEqual(['第二讲', '第一讲', '第三讲']));
    // The first chapter cannot go further up.
    expect((screen.getByLabelText('上移「第二讲」') as HTMLButtonElement).disabled).toBe(true);

    await user.click(screen.getByLabelText('上移「第三讲」'));
    await waitFor(() => expect(writes(calls)).toHaveLength(2));
    expect(writes(calls)[1]!.body).toEqual({ chapterIds: [12, 13, 11] });
    await waitFor(() => expect(titlesInOrder()).toEqual(['第二讲', '第三讲', '第一讲']));
  });

  it('dragging a row saves the order; a refused order goes back to the server one', async () => {
    const { calls } = mockApi({
      'GET /v1/admin/session': { code: 0, data: { operator: operator('operator'), csrfToken: 'c' } },
      'GET /v1/admin/lookups': { code: 0, data: LOOKUPS },
      'GET /v1/admin/courses/7': { code: 0, data: course({ chapters: THREE }) },
      'PUT /v1/admin/courses/7/chapter-order': { code: -10821, message: '章节列表与课程不符，请刷新后重试' },
    });
    renderApp('/admin/courses/7');
    const third = (await screen.findByText('第三讲', {}, SLOW)).closest('tr')!;
    const first = screen.getByText('第一讲').closest('tr')!;
    const dataTransfer = { setData: () => {}, effectAllowed: '', dropEffect: '' };
    fireEvent.dragStart(third, { dataTransfer });
    fireEvent.dragOver(first, { dataTransfer });
    fireEvent.drop(first, { dataTransfer });
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]!.body).toEqual({ chapterIds: [13, 11, 12] });
    expect(await screen.findByText('排序未保存：章节列表与课程不符，请刷新后重试')).toBeTruthy();
    await waitFor(() => expect(titlesInOrder()).toEqual(['第一讲', '第二讲', '第三讲']));
  });

  it('deleting a bought chapter shows the server’s reason', async () => {
    mockApi({
      'GET /v1/admin/session': { code: 0, data: { operator: operator('operator'), csrfToken: 'c' } },
      'GET /v1/admin/lookups': { code: 0, data: LOOKUPS },
      'GET /v1/admin/courses/7': { code: 0, data: course({ chapters: THREE }) },
      'DELETE /v1/admin/chapters/11': { code: -10820, message: '该章节已有学员购买，不能删除', status: 409 },
    });
    renderApp('/admin/courses/7');
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('删除「第一讲」', {}, SLOW));
    const confirm = await screen.findByRole('tooltip');
    await user.click(within(confirm).getByText(/^删\s*除$/).closest('button')!);
    expect(await screen.findByText('该章节已有学员购买，不能删除')).toBeTruthy();
  });
});
