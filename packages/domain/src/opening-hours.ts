// CONTRACT STUB — helper "domain" implements the bodies; signatures are fixed.
import type { StoreHour } from './api/catalogue.ts';

/** Wall-clock time in the store's zone. */
export interface ZonedTime {
  dayOfWeek: number; // 0 = Sunday
  minutes: number; // since local midnight
  date: string; // YYYY-MM-DD
}

export declare function zonedTime(instant: Date, timeZone: string): ZonedTime;

export type StoreStatus = { isOpen: true; closesAt: string } | { isOpen: false; opensAt: string | null }; // opensAt: a later slot today ('HH:mm'), else null = closed for today

/** Open when at/after open_time and before close_time; close < open means the slot ends the next day. */
export declare function storeStatusAt(hours: StoreHour[], instant: Date, timeZone: string): StoreStatus;

/** Today's slots, ordered, without the hidden 'morning time' label. */
export declare function slotsForDay(hours: StoreHour[], dayOfWeek: number): StoreHour[];
