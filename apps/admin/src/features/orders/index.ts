export { OrderListPage } from './pages/order-list-page';
export { RefundListPage } from './pages/refund-list-page';
export { AnomalyListPage } from './pages/anomaly-list-page';
export { OrderNo } from './components/order-no';
export { ORDER_STATUS, kindLabel } from './labels';
