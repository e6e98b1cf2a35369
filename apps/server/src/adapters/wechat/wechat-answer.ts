/** Reading an answer of WeChat's official-account APIs (sns/*, cgi-bin/*), for the OAuth and JS-SDK clients. */

export type WechatJson = Record<string, unknown>;

/** Makes the client's own error: `protocol` for an answer that is not one, `api` for an errcode. */
export type WechatFail = (kind: 'protocol' | 'api', message: string, errcode?: number) => Error;

/** The JSON object WeChat answered; a non-2xx, non-JSON or errcode answer throws what `fail` makes of it. */
export async function readWechatAnswer(res: Response, path: string, fail: WechatFail): Promise<WechatJson> {
  if (!res.ok) throw fail('protocol', `HTTP ${res.status} from ${path}`);
  let json: unknown;
  try {
    // WeChat labels some JSON answers text/plain, so read text and parse it ourselves.
    json = JSON.parse(await res.text());
  } catch {
    throw fail('protocol', `non-JSON answer from ${path}`);
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw fail('protocol', `unexpected answer from ${path}`);
  const body = json as WechatJson;
  // Failures carry a non-zero errcode (getticket answers errcode 0, errmsg "ok", on success).
  if (typeof body.errcode === 'number' && body.errcode !== 0) {
    throw fail('api', `${path}: ${body.errcode} ${typeof body.errmsg === 'string' ? body.errmsg : ''}`, body.errcode);
  }
  return body;
}
