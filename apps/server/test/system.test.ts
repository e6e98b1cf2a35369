import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from './support/build.ts';
import { dialectsUnderTest } from './support/db.ts';

describe.each(dialectsUnderTest())('core (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build(dialect);
  });
  afterAll(() => t.close());

  describe('GET /healthz', () => {
    it('answers ok once the database is migrated', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
      expect(res.headers['x-request-id']).toBeTruthy();
    });
  });

  describe('unknown routes', () => {
    it('answer a coded 404 envelope', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/v1/nope' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: -10004, data: null });
    });
    it('answer a coded envelope for other methods too', async () => {
      const res = await t.app.inject({ method: 'DELETE', url: '/v1/users/whatever/1' });
      expect(res.json().code).toBe(-10004);
    });
  });

  describe('GET /v1/system/info', () => {
    it('reports test-login mode', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/v1/system/info' });
      expect(res.json()).toMatchObject({ code: 0, data: { testLogin: true, payProvider: 'sandbox' } });
    });
  });

  describe('GET /v1/app/version_in_use', () => {
    it('answers the version in use', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/v1/app/version_in_use' });
      expect(res.json()).toMatchObject({ code: 0, data: { version: expect.any(String) } });
    });
  });
});

describe('GET /openapi.json', () => {
  it('documents the /v1 routes from their schemas', async () => {
    const t = await build('sqlite');
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    const doc = res.json() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toContain('/v1/system/info');
    await t.close();
  });
});
