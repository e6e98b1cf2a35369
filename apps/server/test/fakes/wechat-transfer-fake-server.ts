/**
 * A local WeChat Pay v3 商家转账到零钱 on 127.0.0.1 speaking the published protocol, for running
 * the real WechatTransferClient in tests. It verifies our Authorization header against the
 * merchant's public key and signs every answer with a platform key it generates.
 *   POST /v3/transfer/batches                                               → {out_batch_no, batch_id, create_time, batch_status}
 *   GET  /v3/transfer/batches/out-batch-no/{no}/details/out-detail-no/{no}  → the detail, 404 NOT_FOUND
 * A repeated out_batch_no with the same content answers the same batch (no second transfer);
 * with other content it answers 400 INVALID_REQUEST. `detailStatus` decides what a new detail
 * reports; `failNext` injects 5xx; `forgeAnswers` signs with a stranger's key.
 */
import type crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createWechatPlatform, verifyMerchantAuthorization } from './wechatpay-v3-platform.ts';

export interface FakeTransferMerchant {
  mchId: string;
  appId: string;
  serialNo: string;
  publicKey: crypto.KeyObject;
}

export interface FakeTransfer {
  outBatchNo: string;
  batchId: string;
  detailId: string;
  openid: string;
  amount: number;
  remark: string;
  body: string;
  status: 'PROCESSING' | 'SUCCESS' | 'FAIL';
}

export interface FakeTransferServer {
  baseUrl: string;
  platformSerial: string;
  platformPublicKeyPem: string;
  /** Batches by out_batch_no: each one is money sent once. */
  transfers: Map<string, FakeTransfer>;
  requests: { method: string; path: string; signatureOk: boolean }[];
  /** The state new details are created in (default SUCCESS). */
  detailStatus: FakeTransfer['status'];
  failNext(n: number): void;
  forgeAnswers(on: boolean): void;
  close(): Promise<void>;
}

export async function startWechatTransferFake(merchant: FakeTransferMerchant): Promise<FakeTransferServer> {
  const platform = createWechatPlatform();
  const transfers = new Map<string, FakeTransfer>();
  const requests: FakeTransferServer['requests'] = [];
  let failures = 0;
  let forge = false;
  let seq = 0;

  function send(res: http.ServerResponse, status: number, json: unknown) {
    const body = JSON.stringify(json);
    res.writeHead(status, { 'content-type': 'application/json', ...platform.signatureHeaders(body, Math.floor(Date.now() / 1000), forge) });
    res.end(body);
  }
  const fail = (res: http.ServerResponse, status: number, code: string, message: string) => send(res, status, { code, message });

  function detail(t: FakeTransfer) {
    return {
      mchid: merchant.mchId,
      out_batch_no: t.outBatchNo,
      batch_id: t.batchId,
      appid: merchant.appId,
      out_detail_no: t.outBatchNo,
      detail_id: t.detailId,
      detail_status: t.status,
      transfer_amount: t.amount,
      transfer_remark: t.remark,
      ...(t.status === 'FAIL' ? { fail_reason: 'OPENID_INVALID' } : {}),
      openid: t.openid,
      initiate_time: new Date().toISOString(),
      update_time: new Date().toISOString(),
    };
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const path = req.url ?? '/';
      const method = req.method ?? 'GET';
      const signatureOk = verifyMerchantAuthorization(merchant, { method, path, body: raw, authorization: String(req.headers.authorization ?? '') }, Date.now());
      requests.push({ method, path, signatureOk });
      if (failures > 0) {
        failures -= 1;
        return fail(res, 500, 'SYSTEM_ERROR', '系统错误');
      }
      if (!signatureOk) return fail(res, 401, 'SIGN_ERROR', '签名错误');
      const detailPath = /^\/v3\/transfer\/batches\/out-batch-no\/([^/]+)\/details\/out-detail-no\/([^/?]+)$/.exec(path);
      if (method === 'GET' && detailPath) {
        const t = transfers.get(decodeURIComponent(detailPath[1]!));
        if (!t || decodeURIComponent(detailPath[2]!) !== t.outBatchNo) return fail(res, 404, 'NOT_FOUND', '记录不存在');
        return send(res, 200, detail(t));
      }
      if (method === 'POST' && path === '/v3/transfer/batches') {
        let body: Record<string, unknown>;
        try {
          body = JSON.parse(raw) as Record<string, unknown>;
        } catch {
          return fail(res, 400, 'PARAM_ERROR', '请求体不是合法的JSON');
        }
        const list = body.transfer_detail_list as { out_detail_no?: unknown; transfer_amount?: unknown; openid?: unknown; transfer_remark?: unknown }[] | undefined;
        const first = list?.[0];
        const outBatchNo = body.out_batch_no;
        if (body.appid !== merchant.appId || typeof outBatchNo !== 'string' || !/^[0-9A-Za-z]{5,32}$/.test(outBatchNo)) return fail(res, 400, 'PARAM_ERROR', '参数错误');
        if (!first || list?.length !== body.total_num || first.transfer_amount !== body.total_amount || typeof first.openid !== 'string') {
          return fail(res, 400, 'PARAM_ERROR', '转账批次参数不正确');
        }
        const existing = transfers.get(outBatchNo);
        if (existing) {
          if (existing.body !== raw.replace(/\s/g, '')) return fail(res, 400, 'INVALID_REQUEST', '商户批次单号已存在且参数不一致');
        } else {
          seq += 1;
          transfers.set(outBatchNo, {
            outBatchNo,
            batchId: `1030000071100999${String(seq).padStart(6, '0')}`,
            detailId: `1040000071100999${String(seq).padStart(6, '0')}`,
            openid: first.openid,
            amount: Number(first.transfer_amount),
            remark: String(first.transfer_remark ?? ''),
            body: raw.replace(/\s/g, ''),
            status: fake.detailStatus,
          });
        }
        const t = transfers.get(outBatchNo) as FakeTransfer;
        return send(res, 200, { out_batch_no: t.outBatchNo, batch_id: t.batchId, create_time: new Date().toISOString(), batch_status: 'ACCEPTED' });
      }
      return fail(res, 404, 'NOT_FOUND', '接口不存在');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const fake: FakeTransferServer = {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    platformSerial: platform.serial,
    platformPublicKeyPem: platform.publicKeyPem,
    transfers,
    requests,
    detailStatus: 'SUCCESS',
    failNext: (n) => {
      failures = n;
    },
    forgeAnswers: (on) => {
      forge = on;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return fake;
}
