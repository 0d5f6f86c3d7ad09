import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderType, TimeSlots } from '@pizzeria/domain';
import './checkout-days.css';

export interface TimeSelection {
  /** Null: nothing chosen yet, the checkout suggests "as soon as possible" when it is offered. */
  mode: 'asap' | 'slot' | null;
  /** The chosen slot's start (ISO-8601), '' for none. */
  slot: string;
  /** The day chosen ('YYYY-MM-DD', the store's calendar); null: none, the checkout suggests one. */
  date: string | null;
}

/**
 * The day the checkout shows: the one chosen while the store still takes orders for it, else
 * today when it has room, else the first day that has. Null until the days are known: today.
 */
export function effectiveDay(selection: TimeSelection, days: TimeSlots['days'] | undefined): string | null {
  if (!days || days.length === 0) return selection.date;
  if (selection.date && days.some((day) => day.date === selection.date)) return selection.date;
  return (days.find((day) => day.available) ?? days[0])?.date ?? null;
}

/** The mode actually in effect: the customer's choice, else "as soon as possible" when offered, else a slot. */
export function effectiveMode(selection: TimeSelection, slots: TimeSlots | undefined): 'asap' | 'slot' | null {
  if (selection.mode) return selection.mode;
  if (!slots) return null;
  if (slots.asap_available) return 'asap';
  return slots.slots.length > 0 ? 'slot' : null;
}

/** The `requested_time` to send, or null when the selection is not one the server offers now. */
export function requestedTimeFor(selection: TimeSelection, slots: TimeSlots | undefined): 'asap' | string | null {
  if (!slots) return null;
  const mode = effectiveMode(selection, slots);
  if (mode === 'asap') return slots.asap_available ? 'asap' : null;
  if (mode === 'slot') return slots.slots.some((slot) => slot.time === selection.slot) ? selection.slot : null;
  return null;
}

function formatClock(iso: string, timeZone: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'de-DE', {
      hour: '2-digit',
      minute: '2-digit',
      timeZone,
    }).format(date);
  } catch {
    return new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'de-DE', {
      hour: '2-digit',
      minute: '2-digit',
    }).format(date);
  }
}

/** 'YYYY-MM-DD' as the weekday and date the customer reads: `Sa.` and `28.11.` */
function dayParts(date: string, language: string): { weekday: string; date: string } {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const instant = new Date(Date.UTC(year, month - 1, day));
  const locale = language === 'en' ? 'en-GB' : 'de-DE';
  return {
    weekday: new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(instant),
    date: new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'numeric', timeZone: 'UTC' }).format(instant),
  };
}

interface DayChoiceProps {
  days: TimeSlots['days'];
  day: string | null;
  onChange: (date: string) => void;
}

type OrderingDay = TimeSlots['days'][number];

/** What a day without times says in its box: closed, fully booked, too late today, or paused. */
function noTimesKey(day: OrderingDay) {
  switch (day.no_times) {
    case 'closed':
      return 'time.day_closed';
    case 'past':
      return 'time.day_past';
    case 'paused':
      return 'time.day_paused';
    default:
      // A server from before the reasons, or a day fully booked.
      return 'time.day_full';
  }
}

type DayWords = (key: 'time.today' | 'time.tomorrow') => string;

/** A day's name in its box: `Heute`, `Morgen`, else its weekday (`Sa.`). */
function dayName(index: number, date: string, t: DayWords, language: string): string {
  return index === 0 ? t('time.today') : index === 1 ? t('time.tomorrow') : dayParts(date, language).weekday;
}

/** A day as a note about it names it: its name and date (`Morgen 29.11.`). */
function dayLabel(days: readonly OrderingDay[], date: string, t: DayWords, language: string): string {
  const index = days.findIndex((candidate) => candidate.date === date);
  return `${dayName(index, date, t, language)} ${dayParts(date, language).date}`;
}

/**
 * Today, tomorrow and the further days the store takes pre-orders for; a day without room cannot be
 * picked, and says why (a closed day is not a booked one), with the reason staff gave for a closure.
 */
function DayChoice({ days, day, onChange }: DayChoiceProps) {
  const { t, i18n } = useTranslation('checkout');
  const name = useId();
  const notesId = useId();
  const closures = days.flatMap((candidate) =>
    candidate.no_times === 'closed' && candidate.closure_reason
      ? [{ date: candidate.date, reason: candidate.closure_reason }]
      : [],
  );
  return (
    <fieldset className="checkout-days" aria-describedby={closures.length > 0 ? notesId : undefined}>
      <legend className="checkout-days-legend">{t('time.day')}</legend>
      <div className="checkout-days-list">
        {days.map((candidate, index) => {
          const parts = dayParts(candidate.date, i18n.language);
          return (
            <label key={candidate.date} className="checkout-day" data-full={!candidate.available || undefined}>
              <input
                type="radio"
                name={name}
                value={candidate.date}
                checked={candidate.date === day}
                disabled={!candidate.available}
                onChange={() => onChange(candidate.date)}
              />
              <span className="checkout-day-weekday">{dayName(index, candidate.date, t, i18n.language)}</span>
              <span className="checkout-day-date">{parts.date}</span>
              {!candidate.available && <span className="checkout-day-status">{t(noTimesKey(candidate))}</span>}
            </label>
          );
        })}
      </div>
      {closures.length > 0 && (
        <ul id={notesId} className="checkout-days-notes">
          {closures.map((closure) => (
            <li key={closure.date}>
              {t('time.closure_note', { day: dayLabel(days, closure.date, t, i18n.language), reason: closure.reason })}
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

interface TimeChoiceProps {
  slots: TimeSlots | undefined;
  /** The days to choose from, as the last slots loaded said (they stay while another day's load). */
  days: TimeSlots['days'] | undefined;
  /** The day shown (`effectiveDay`), null for today. */
  day: string | null;
  onDayChange: (date: string) => void;
  /** The live status says the restaurant is not taking orders right now. */
  closedNow: boolean;
  /** The server offered "as soon as possible" but the live status holds it back for now. */
  asapWithheld?: boolean;
  /** The live connection is being restored: with `asapWithheld`, that, not the restaurant, is why. */
  reconnecting?: boolean;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  orderType: OrderType;
  selection: TimeSelection;
  onChange: (selection: TimeSelection) => void;
  /** The time cannot be ordered: none chosen that is offered, or (`connection`) the connection was away. */
  invalid: false | 'time' | 'connection';
}

/**
 * "As soon as possible" with its honest ready time, or a free 15-minute slot, today or on a
 * later day the store takes pre-orders for.
 */
export function TimeChoice(props: TimeChoiceProps) {
  const { days } = props;
  return (
    <>
      {days && days.length > 1 && <DayChoice days={days} day={props.day} onChange={props.onDayChange} />}
      <TimesOfDay {...props} />
    </>
  );
}

function TimesOfDay({
  slots,
  day,
  closedNow,
  asapWithheld = false,
  reconnecting = false,
  loading,
  failed,
  onRetry,
  orderType,
  selection,
  onChange,
  invalid,
}: TimeChoiceProps) {
  const { t, i18n } = useTranslation('checkout');
  const name = useId();
  const selectId = useId();
  // While the times load, the choices a customer usually gets are sketched in their place (for the
  // eye only), so nothing below them moves when they arrive.
  if (loading) {
    return (
      <div className="checkout-choices" aria-busy="true">
        <p className="sr-only" role="status">
          {t('time.loading')}
        </p>
        <div className="checkout-choice checkout-choice-placeholder" aria-hidden="true">
          <span className="checkout-radio-placeholder" />
          <span className="checkout-choice-text">
            <span className="checkout-choice-title">{t('time.asap')}</span>
            <span className="checkout-hint">{t('time.loading')}</span>
          </span>
        </div>
        <div className="checkout-choice checkout-choice-slot checkout-choice-placeholder" aria-hidden="true">
          <span className="checkout-choice-row">
            <span className="checkout-radio-placeholder" />
            <span className="checkout-choice-title">{t('time.scheduled')}</span>
          </span>
          <span className="select checkout-slot-select checkout-select-placeholder">{t('time.slot_choose')}</span>
        </div>
      </div>
    );
  }
  if (failed || !slots) {
    return (
      <div className="checkout-time-error">
        <p className="form-error" role="alert">
          {t('time.error')}
        </p>
        <button type="button" className="button button-secondary checkout-small-button" onClick={onRetry}>
          {t('time.retry')}
        </button>
      </div>
    );
  }
  const mode = effectiveMode(selection, slots);
  // A later day than today: no "as soon as possible", and nothing about today's hours.
  const laterDay = day !== null && day !== slots.days[0]?.date;
  const otherDayFree = slots.days.some((candidate) => candidate.available && candidate.date !== day);
  const invalidMessage = invalid ? (
    <p className="form-error" role="alert">
      {t(invalid === 'connection' ? 'time.invalid_connection' : 'time.invalid')}
    </p>
  ) : null;
  if (!slots.asap_available && slots.slots.length === 0) {
    // A closure day says so, with its reason: it is not a day whose times are all taken.
    const shown = slots.days.find((candidate) => candidate.date === slots.date);
    const shownDay = dayLabel(slots.days, slots.date, t, i18n.language);
    const title =
      shown?.no_times !== 'closed'
        ? t('time.none')
        : shown.closure_reason
          ? t('time.closure_note', { day: shownDay, reason: shown.closure_reason })
          : t('time.closed_note', { day: shownDay });
    return (
      <>
        {invalidMessage}
        <div className="checkout-no-slots" role="status">
          <p className="checkout-choice-title">{title}</p>
          {/* Only "as soon as possible" was on offer and the live status holds it back: that may pass. */}
          <p className="checkout-hint">
            {t(
              asapWithheld
                ? reconnecting
                  ? 'time.reconnecting'
                  : 'time.none_for_now_hint'
                : otherDayFree
                  ? 'time.none_other_day'
                  : 'time.none_hint',
            )}
          </p>
        </div>
      </>
    );
  }
  const readyAt = slots.asap_ready_at ? formatClock(slots.asap_ready_at, slots.timezone, i18n.language) : null;
  // The two choices are one radio group: picking one sets the mode.
  const modeRadio = (value: 'asap' | 'slot') => (
    <input
      type="radio"
      name={name}
      value={value}
      checked={mode === value}
      onChange={() => onChange({ ...selection, mode: value })}
    />
  );
  return (
    <fieldset className="checkout-choices" aria-invalid={invalid !== false || undefined}>
      <legend className="sr-only">{t('time.title')}</legend>
      {invalidMessage}
      {closedNow && !laterDay && (
        <p className="checkout-hint checkout-closed-now" role="status">
          {t(reconnecting && asapWithheld ? 'time.reconnecting' : 'time.closed_now')}
        </p>
      )}
      {slots.asap_available && (
        <label className="checkout-choice">
          {modeRadio('asap')}
          <span className="checkout-choice-text">
            <span className="checkout-choice-title">{t('time.asap')}</span>
            {readyAt && (
              <span className="checkout-hint">
                {orderType === 'delivery'
                  ? t('time.asap_ready_delivery', { time: readyAt })
                  : t('time.asap_ready_pickup', { time: readyAt })}
              </span>
            )}
          </span>
        </label>
      )}
      {slots.slots.length > 0 && (
        <div className="checkout-choice checkout-choice-slot">
          <label className="checkout-choice-row">
            {modeRadio('slot')}
            <span className="checkout-choice-title">{t(laterDay ? 'time.scheduled_day' : 'time.scheduled')}</span>
          </label>
          <label className="sr-only" htmlFor={selectId}>
            {t('time.slot_label')}
          </label>
          <select
            id={selectId}
            className="select checkout-slot-select"
            value={slots.slots.some((slot) => slot.time === selection.slot) ? selection.slot : ''}
            onChange={(event) => onChange({ ...selection, mode: 'slot', slot: event.target.value })}
          >
            <option value="">{t('time.slot_choose')}</option>
            {slots.slots.map((slot) => (
              <option key={slot.time} value={slot.time}>
                {slot.label || formatClock(slot.time, slots.timezone, i18n.language)}
              </option>
            ))}
          </select>
        </div>
      )}
    </fieldset>
  );
}
