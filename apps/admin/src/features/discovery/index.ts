export { DiscoveryPage } from './pages/discovery-page';
