export { CourseListPage } from './pages/course-list-page';
export { CourseDetailPage } from './pages/course-detail-page';
