/**
 * Browser-bound login and download tickets (issue 11, decision 017).
 * The WeChat callback lands on `/user/loginComplete?code=<login code>`; the H5 exchanges the code
 * with `POST /v1/users/login_code` (the browser's binding cookie goes along) for a TokenPair.
 * Downloads that must open as a plain link ask for a single-use ticket first.
 */
import { Type, type Static } from 'typebox';
import { Int } from './numbers.ts';

/** A one-time login code: 43 URL-safe characters. */
export const LoginCodeBody = Type.Object({
  code: Type.String({ minLength: 1, maxLength: 128, description: 'the one-time login code from /user/loginComplete' }),
});
export type LoginCodeBody = Static<typeof LoginCodeBody>;

/** `POST /v1/courses/listen_report/export_ticket`: which year's CSV the ticket opens. */
export const ListenExportTicketBody = Type.Object({ year: Type.Optional(Int({ minimum: 2000, maximum: 2100 })) });
export type ListenExportTicketBody = Static<typeof ListenExportTicketBody>;

/** A single-use download ticket and the address it opens (valid `expiresIn` seconds, once). */
export const DownloadTicket = Type.Object({
  ticket: Type.String(),
  url: Type.String({ description: 'path of the file with the ticket; open it once' }),
  expiresIn: Type.Integer(),
});
export type DownloadTicket = Static<typeof DownloadTicket>;
