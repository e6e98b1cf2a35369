/**
 * The server's JSON API as the journeys call it besides the page: to find seeded courses, to sign
 * a preset learner in (test-login mode) and to set up or check orders behind the UI's back.
 */

export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

/** A course as `/v1/courses/list` lists it: the fields the journeys pick a course by. */
export interface CourseRow {
  courseId: number;
  name: string;
  isFree: boolean;
  memberFree: boolean;
  priceYuan: string;
  courseType: number;
  mediaType: number;
  durationSeconds: number | null;
}

/** A call with the learner's `access-token`, if any; a POST sends `body` (or `{}`) as JSON. */
export async function callApi<T>(baseUrl: string, method: string, path: string, token?: string, body?: object): Promise<Envelope<T>> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { ...(token ? { 'access-token': token } : {}), ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
    body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
  });
  return (await res.json()) as Envelope<T>;
}

/** The access token of preset learner `userId` (test-login mode). */
export async function presetToken(baseUrl: string, userId: number): Promise<string> {
  const body = await callApi<{ accessToken: string }>(baseUrl, 'GET', `/v1/wechat/token2?userId=${userId}&productType=0`);
  if (body.code !== 0) throw new Error(`token2 for user ${userId} answered code ${body.code}`);
  return body.data.accessToken;
}

/** The first page of the seeded catalogue: enough for every journey to find the course it needs. */
export async function listCourses(baseUrl: string): Promise<CourseRow[]> {
  return (await callApi<{ rows: CourseRow[] }>(baseUrl, 'GET', '/v1/courses/list?pageIndex=1&pageSize=50')).data.rows;
}
