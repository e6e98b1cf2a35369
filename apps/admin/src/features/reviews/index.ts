export { ReviewsPage } from './pages/reviews-page';
