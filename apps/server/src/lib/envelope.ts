/** The success envelope. Failures go through the error handler (plugins/error-handler.ts). */
export function ok<T>(data: T, message = 'ok'): { code: 0; message: string; data: T } {
  return { code: 0, message, data };
}
