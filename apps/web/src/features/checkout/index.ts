export { timeSlotsQueryOptions } from './api/get-time-slots.ts';
