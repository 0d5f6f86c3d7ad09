import './pages.css';
import './register-texts.ts';
import { useTranslation } from 'react-i18next';
import { slotsForDay, toCents, zonedTime, type Store } from '@pizzeria/domain';
import { PinIcon } from '../../lib/icons.tsx';
import { ClockIcon, MailIcon, PhoneIcon } from './page-icons.tsx';
import { usePageTitle } from '../../lib/page-title.ts';
import { useMoney } from '../../lib/use-money.ts';
import { openPostcodePicker, usePostcodes } from '../delivery/index.ts';
import { LoadingScreen } from '../../lib/loading-screen.tsx';
import { useCurrency, useStore } from '../store/index.ts';
import { usePaymentMethods } from '../payments/index.ts';

/** Monday first, as German calendars are; `day_of_week` counts from Sunday = 0 (docs/product/shop.md). */
const WEEK = [1, 2, 3, 4, 5, 6, 0] as const;

function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** Support (docs/product/shop.md): how to reach the restaurant, its opening hours and answers to common questions. */
export default function SupportPage() {
  const { t } = useTranslation('pages');
  usePageTitle(t('support.page_title'));
  const { data: store, isPending, isError } = useStore();
  if (isPending) return <LoadingScreen variant="page" />;

  return (
    <div className="container page content-page">
      <header className="page-hero">
        <h1>{t('support.title')}</h1>
        <p className="page-intro">{t('support.intro')}</p>
      </header>

      {isError || !store ? (
        <p className="form-error" role="alert">
          {t('support.error')}
        </p>
      ) : (
        <>
          <section aria-labelledby="contact-title">
            <h2 id="contact-title" className="section-title">
              {t('support.contact_title')}
            </h2>
            <ul className="contact-grid">
              <li className="card contact-card">
                <PhoneIcon className="contact-icon" />
                <h3>{t('support.phone_title')}</h3>
                <a className="contact-value" href={telHref(store.phone)}>
                  {store.phone}
                </a>
                <p className="contact-hint">{t('support.phone_hint')}</p>
              </li>
              <li className="card contact-card">
                <MailIcon className="contact-icon" />
                <h3>{t('support.email_title')}</h3>
                <a className="contact-value" href={`mailto:${store.email}`}>
                  {store.email}
                </a>
                <p className="contact-hint">{t('support.email_hint')}</p>
              </li>
              <li className="card contact-card">
                <PinIcon className="contact-icon" />
                <h3>{t('support.address_title')}</h3>
                <address className="contact-value">{store.address}</address>
                <p className="contact-hint">{t('support.address_hint')}</p>
              </li>
            </ul>
          </section>
        </>
      )}

      <div className="support-columns">
        <Faq phone={store?.phone} />
        {store ? <OpeningHours store={store} /> : null}
      </div>
    </div>
  );
}

function OpeningHours({ store }: { store: Store }) {
  const { t, i18n } = useTranslation('pages');
  const locale = i18n.language === 'en' ? 'en-GB' : 'de-DE';
  const weekday = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
  // 2024-01-07 was a Sunday: day_of_week n is 7 + n January.
  const dayName = (day: number) => weekday.format(new Date(Date.UTC(2024, 0, 7 + day)));
  let today: number | null = null;
  try {
    today = zonedTime(new Date(), store.timezone).dayOfWeek;
  } catch {
    today = null;
  }
  return (
    <section aria-labelledby="hours-title" className="card hours-card">
      <h2 id="hours-title" className="section-title">
        <ClockIcon className="section-icon" />
        {t('support.hours_title')}
      </h2>
      <table className="hours-table">
        <thead className="sr-only">
          <tr>
            <th scope="col">{t('support.hours_day')}</th>
            <th scope="col">{t('support.hours_times')}</th>
          </tr>
        </thead>
        <tbody>
          {WEEK.map((day) => {
            const slots = slotsForDay(store.store_hours, day);
            const isToday = day === today;
            return (
              <tr key={day} aria-current={isToday ? 'date' : undefined}>
                <th scope="row">
                  {dayName(day)}
                  {isToday ? <span className="today-badge">{t('support.hours_today')}</span> : null}
                </th>
                <td>
                  {slots.length === 0 ? (
                    <span className="hours-closed">{t('support.hours_closed')}</span>
                  ) : (
                    slots.map((slot) => (
                      <span key={`${slot.open_time}-${slot.close_time}`} className="hours-slot">
                        {t('support.time_range', { from: slot.open_time, to: slot.close_time })}
                      </span>
                    ))
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="contact-hint">{t('support.hours_timezone')}</p>
    </section>
  );
}

function Faq({ phone }: { phone: string | undefined }) {
  const { t } = useTranslation('pages');
  // Only what this shop offers: PayPal, and its refunds, when the server has it.
  const paypal = usePaymentMethods().data?.paypal != null;
  return (
    <section aria-labelledby="faq-title" className="faq">
      <h2 id="faq-title" className="section-title">
        {t('support.faq_title')}
      </h2>
      <details className="faq-item" open>
        <summary>{t('support.faq_areas_q')}</summary>
        <div className="faq-answer">
          <p>{t('support.faq_areas_a')}</p>
          <DeliveryAreas />
        </div>
      </details>
      <details className="faq-item">
        <summary>{t('support.faq_allergens_q')}</summary>
        <div className="faq-answer">
          <p>{t('support.faq_allergens_a')}</p>
        </div>
      </details>
      <details className="faq-item">
        <summary>{t('support.faq_payment_q')}</summary>
        <div className="faq-answer">
          <p>{t(paypal ? 'support.faq_payment_a' : 'support.faq_payment_cash_a')}</p>
        </div>
      </details>
      {paypal && (
        <details className="faq-item">
          <summary>{t('support.faq_refund_q')}</summary>
          <div className="faq-answer">
            <p>{t('support.faq_refund_a')}</p>
          </div>
        </details>
      )}
      <details className="faq-item">
        <summary>{t('support.faq_changes_q')}</summary>
        <div className="faq-answer">
          <p>{t('support.faq_changes_a')}</p>
          {phone ? (
            <p>
              <a href={telHref(phone)}>{t('support.faq_changes_call', { phone })}</a>
            </p>
          ) : null}
        </div>
      </details>
      <details className="faq-item">
        <summary>{t('support.faq_time_q')}</summary>
        <div className="faq-answer">
          <p>{t('support.faq_time_a')}</p>
        </div>
      </details>
    </section>
  );
}

function DeliveryAreas() {
  const { t } = useTranslation('pages');
  const money = useMoney(useCurrency());
  const { data: areas, isPending, isError } = usePostcodes();
  if (isPending) return <p className="contact-hint">{t('support.faq_areas_loading')}</p>;
  if (isError) return <p className="contact-hint">{t('support.faq_areas_error')}</p>;
  const amount = (value: number) => (value > 0 ? money(toCents(value)) : t('support.faq_areas_free'));
  return (
    <>
      <div className="table-scroll">
        <table className="areas-table">
          <thead>
            <tr>
              <th scope="col">{t('support.faq_areas_postcode')}</th>
              <th scope="col">{t('support.faq_areas_fee')}</th>
              <th scope="col">{t('support.faq_areas_minimum')}</th>
              <th scope="col">{t('support.faq_areas_time')}</th>
            </tr>
          </thead>
          <tbody>
            {areas.map((area) => (
              <tr key={area.id}>
                <th scope="row">{area.postcode}</th>
                <td>{amount(area.delivery_fee)}</td>
                <td>{money(toCents(area.minimum_order_amount))}</td>
                <td>{t('support.faq_areas_minutes', { minutes: area.delivery_time })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <button type="button" className="button button-secondary" onClick={openPostcodePicker}>
        {t('support.faq_areas_choose')}
      </button>
    </>
  );
}
