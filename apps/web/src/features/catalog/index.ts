// What other features may use from catalog (eslint boundaries: only through this file).
export { useCorporateVipCourses } from './api/get-corporate-vip-courses.ts';
