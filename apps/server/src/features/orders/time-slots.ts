import { planOrderingDays, planTimeSlots, zonedTime, type OrderType, type TimeSlots } from '@pizzeria/domain';
import { storeNotFound } from '../catalogue/index.ts';
import type { OrdersContext } from './context.ts';
import { customerReading, guestReading } from './guest-share.ts';
import { planFor } from './kitchen-read.ts';
import { orderError } from './order-errors.ts';

/**
 * The slots of a day (today when `date` is null), with the days the checkout may offer, as they are for
 * a guest's order (`guest`: the guests' share of each slot counts) or a signed-in customer's.
 */
export async function timeSlots(
  ctx: OrdersContext,
  storeId: number,
  orderType: OrderType,
  postcode: string | null,
  date: string | null,
  guest = false,
): Promise<TimeSlots> {
  const catalogue = await ctx.catalogue.get(storeId);
  if (!catalogue) throw storeNotFound(storeId);
  let deliveryMinutes = 0;
  if (orderType === 'delivery' && postcode) {
    const entry = catalogue.postcodes.find((candidate) => candidate.postcode === postcode);
    if (!entry) throw orderError('postcode_not_delivered');
    deliveryMinutes = entry.deliveryTimeMinutes;
  }
  const reading = guest ? guestReading(ctx.guestSharePercent) : customerReading;
  const { slotInput, now, timezone } = await planFor(
    ctx,
    catalogue,
    orderType,
    deliveryMinutes,
    undefined,
    true,
    reading,
  );
  const days = planOrderingDays(slotInput);
  // A day outside the window is a day without slots: the days say which ones there are.
  const day = date ?? zonedTime(now, timezone).date;
  const plan = planTimeSlots({ ...slotInput, date: day });
  const offered = days.some((candidate) => candidate.date === day);
  return {
    asap_available: plan.asapAvailable,
    asap_ready_at: plan.asapReadyAt?.toISOString() ?? null,
    slots: offered ? plan.free.map((slot) => ({ time: slot.start.toISOString(), label: slot.label })) : [],
    timezone,
    date: day,
    days,
  };
}
