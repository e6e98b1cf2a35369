export { LearnerListPage } from './pages/learner-list-page';
export { LearnerDetailPage } from './pages/learner-detail-page';
