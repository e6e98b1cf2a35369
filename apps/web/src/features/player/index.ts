// What other features may use from player (eslint boundaries: only through this file).
export { CoursePlayer } from './components/course-player.tsx';
export { useCoursePlayback } from './hooks/use-course-playback.ts';
export { listenProgressQueryOptions, type ListenProgress } from './api/get-listen-progress.ts';
export { existPptQueryOptions } from './api/get-exist-ppt.ts';
