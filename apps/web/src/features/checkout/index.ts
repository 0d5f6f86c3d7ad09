export { timeSlotsQueryOptions, TIME_SLOTS_KEY } from './api/get-time-slots.ts';
