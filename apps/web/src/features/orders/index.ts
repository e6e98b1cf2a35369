// What other features may use from orders (eslint boundaries: only through this file).
export { useCheckout } from './hooks/use-checkout.tsx';
