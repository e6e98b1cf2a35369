import { describe, expect, it } from 'vitest';
import { diffCoursePayload, priceProblem, toCoursePayload, toFormValues } from '../src/features/courses/model/course-form';
import { course } from './courses-fixtures';

describe('course form: yuan on screen, fen on the wire', () => {
  it('shows fen as yuan and sends yuan back as whole fen', () => {
    const values = toFormValues(course({ price: 19900, vipPrice: 1, originalPrice: 0, birdPrice: null }));
    expect(values.price).toBe(199);
    expect(values.vipPrice).toBe(0.01);
    expect(values.originalPrice).toBe(0);
    expect(values.birdPrice).toBeNull();

    const payload = toCoursePayload({ ...values, price: 19.9, vipPrice: 0.07, originalPrice: 1234567.89, birdPrice: null });
    // 19.9 * 100 is 1989.9999999999998 in floating point: it must still be 1990 fen.
    expect(payload.price).toBe(1990);
    expect(payload.vipPrice).toBe(7);
    expect(payload.originalPrice).toBe(123456789);
    expect(payload.birdPrice).toBeNull();
    expect(Number.isInteger(payload.price)).toBe(true);
  });

  it('sends the enrolment window as epoch ms and keeps an open side null', () => {
    const start = Date.UTC(2026, 11, 1, 0, 0);
    const values = toFormValues(course({ enrollStartAt: start, enrollEndAt: null, activityType: 2, birdPrice: 9900 }));
    expect(values.enrollWindow?.[0]?.valueOf()).toBe(start);
    expect(values.enrollWindow?.[1]).toBeNull();
    const payload = toCoursePayload(values);
    expect(payload).toMatchObject({ enrollStartAt: start, enrollEndAt: null, birdPrice: 9900, activityType: 2 });
  });

  it('a save sends only what changed', () => {
    const saved = course({ price: 19900, vipPrice: null });
    const values = toFormValues(saved);
    expect(diffCoursePayload(saved, values)).toEqual({});
    expect(diffCoursePayload(saved, { ...values, price: 99.5, vipPrice: 50 })).toEqual({ price: 9950, vipPrice: 5000 });
  });

  it('refuses negative, huge and sub-fen prices and accepts an empty one', () => {
    expect(priceProblem(-0.01)).toBe('价格不能为负数');
    expect(priceProblem(10_000_000.01)).toBe('价格不能超过 10,000,000 元');
    expect(priceProblem(1.234)).toBe('价格最多保留两位小数');
    expect(priceProblem('abc')).toBe('请输入数字金额');
    expect(priceProblem(0)).toBeNull();
    expect(priceProblem(19.9)).toBeNull();
    expect(priceProblem(10_000_000)).toBeNull();
    expect(priceProblem(null)).toBeNull();
  });
});
