// What other features may use from user (eslint boundaries: only through this file).
export { meQueryKey, useMe } from './api/get-me.ts';
