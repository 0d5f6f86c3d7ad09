export { default as boardWatchService } from './service.ts';
export type { BoardWatchService } from './service.ts';
