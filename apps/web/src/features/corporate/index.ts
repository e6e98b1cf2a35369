// What other features may use from corporate (eslint boundaries: only through this file).
export { useCorporateVip } from './stores/corporate-vip-store.ts';
