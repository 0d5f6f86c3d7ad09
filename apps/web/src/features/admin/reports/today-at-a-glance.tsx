import { Fragment, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { localeFor, toCents, type TodayReport } from '@pizzeria/domain';
import { useMoney } from '../../../lib/use-money.ts';
import { useCurrency } from '../../store/index.ts';
import { QueryState } from '../shell/query-state.tsx';
import { useTodayReport } from './api/get-today-report.ts';
import './register-texts.ts';
import './reports.css';

function useLocale() {
  const { i18n } = useTranslation();
  return localeFor(i18n.language === 'en' ? 'en' : 'de');
}

/** `2026-11-23` as the staff's language says it: "Montag, 23. November". */
function useDayName(date: string): string {
  const locale = useLocale();
  return new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/**
 * The top of the dashboard: today's orders, revenue and basket in big numbers, then net and
 * VAT per rate, delivery against pickup, the best sellers and the orders per hour. Sales are the orders
 * the restaurant took; waiting, rejected and cancelled ones are only counted.
 */
export function TodayAtAGlance() {
  const { t } = useTranslation('adminReports');
  const report = useTodayReport();
  return (
    <section className="card admin-panel reports-today" aria-labelledby="reports-today-heading">
      <div className="reports-head">
        <h2 id="reports-today-heading">{t('today.heading')}</h2>
        {report.data ? <DayName date={report.data.date} /> : null}
      </div>
      {report.data ? <Glance report={report.data} /> : <QueryState query={report} />}
    </section>
  );
}

function DayName({ date }: { date: string }) {
  return (
    <p className="admin-muted">
      <time dateTime={date}>{useDayName(date)}</time>
    </p>
  );
}

function Glance({ report }: { report: TodayReport }) {
  const { t } = useTranslation('adminReports');
  const money = useMoney(useCurrency());
  const locale = useLocale();
  const rate = (percentage: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(percentage);
  return (
    <>
      <dl className="reports-figures">
        <div className="reports-figure">
          <dt>{t('today.orders')}</dt>
          <dd>{report.orders}</dd>
        </div>
        <div className="reports-figure">
          <dt>{t('today.revenue')}</dt>
          <dd>{money(toCents(report.revenue.gross))}</dd>
        </div>
        <div className="reports-figure">
          <dt>{t('today.average_basket')}</dt>
          <dd>{money(toCents(report.average_basket))}</dd>
        </div>
      </dl>
      <p className="reports-note admin-muted">
        {t('today.sales_hint')}{' '}
        {report.waiting > 0 ? <strong>{t('today.waiting', { count: report.waiting })}</strong> : null}
        {report.waiting > 0 ? ' · ' : null}
        {t('today.refused', { rejected: report.rejected, cancelled: report.cancelled })}
      </p>

      {/* Folded by default: on the kitchen tablet the orders come first. */}
      <details className="reports-more">
        <summary>{t('today.more')}</summary>
        <div className="reports-grid">
          <section className="reports-box" aria-labelledby="reports-taxes-heading">
            <h3 id="reports-taxes-heading">{t('today.taxes')}</h3>
            <dl className="reports-rows">
              <div>
                <dt>{t('today.net')}</dt>
                <dd>{money(toCents(report.revenue.net))}</dd>
              </div>
              {/* Per rate as the CSV books it: the net (delivery fee's part included) beside its VAT. */}
              {report.revenue.vat.map((share) => (
                <Fragment key={share.percentage}>
                  <div>
                    <dt>{t('today.net_at', { rate: rate(share.percentage) })}</dt>
                    <dd>{money(toCents(share.net))}</dd>
                  </div>
                  <div>
                    <dt>{t('today.vat', { rate: rate(share.percentage) })}</dt>
                    <dd>{money(toCents(share.amount))}</dd>
                  </div>
                </Fragment>
              ))}
              {report.revenue.deposit > 0 && (
                <div>
                  <dt>{t('today.deposit')}</dt>
                  <dd>{money(toCents(report.revenue.deposit))}</dd>
                </div>
              )}
              {/* What came off the goods, already out of the revenue: the discount, the vouchers redeemed. */}
              {report.revenue.discount > 0 && (
                <div>
                  <dt>{t('today.discount')}</dt>
                  <dd>−{money(toCents(report.revenue.discount))}</dd>
                </div>
              )}
              {report.revenue.vouchers.orders > 0 && (
                <div>
                  <dt>{t('today.vouchers', { count: report.revenue.vouchers.orders })}</dt>
                  <dd>−{money(toCents(report.revenue.vouchers.amount))}</dd>
                </div>
              )}
            </dl>
          </section>

          <section className="reports-box" aria-labelledby="reports-split-heading">
            <h3 id="reports-split-heading">{t('today.split')}</h3>
            <SplitBar delivery={report.split.delivery.orders} pickup={report.split.pickup.orders} />
            <dl className="reports-rows">
              {(['delivery', 'pickup'] as const).map((type) => (
                <div key={type}>
                  <dt>
                    <span className="reports-swatch" data-type={type} aria-hidden="true" />
                    {t(`today.${type}`)}
                  </dt>
                  <dd>
                    {t('today.split_value', {
                      count: report.split[type].orders,
                      amount: money(toCents(report.split[type].gross)),
                    })}
                  </dd>
                </div>
              ))}
            </dl>
          </section>

          <section className="reports-box" aria-labelledby="reports-best-heading">
            <h3 id="reports-best-heading">{t('today.best_sellers')}</h3>
            {report.best_sellers.length === 0 ? (
              <p className="admin-muted">{t('today.best_sellers_empty')}</p>
            ) : (
              <ol className="reports-best">
                {report.best_sellers.map((seller) => (
                  <li key={seller.product_id}>
                    <span className="reports-best-quantity">
                      {/* Half-and-half pizzas count as halves of their dishes: 2,5 × (decision 029). */}
                      {t('today.best_seller_quantity', { count: seller.quantity, quantity: rate(seller.quantity) })}
                    </span>
                    <span className="reports-best-name">{seller.name}</span>
                    <span className="reports-best-gross">{money(toCents(seller.gross))}</span>
                  </li>
                ))}
              </ol>
            )}
          </section>
        </div>

        <PerHour hours={report.per_hour} />
      </details>
    </>
  );
}

/** Delivery against pickup as one bar; the numbers beside it say the same for everyone. */
function SplitBar({ delivery, pickup }: { delivery: number; pickup: number }) {
  const total = delivery + pickup;
  if (total === 0) return null;
  return (
    <div className="reports-split" aria-hidden="true">
      <span data-type="delivery" style={{ flexGrow: delivery }} />
      <span data-type="pickup" style={{ flexGrow: pickup }} />
    </div>
  );
}

/**
 * Orders per local hour as bars of plain HTML. Screen readers get a list of the hours that had orders
 * ("18 Uhr: 4 Bestellungen"); the empty hours are only drawn.
 */
function PerHour({ hours }: { hours: TodayReport['per_hour'] }) {
  const { t } = useTranslation('adminReports');
  const most = Math.max(0, ...hours.map((hour) => hour.orders));
  return (
    <figure className="reports-hours-figure">
      <figcaption id="reports-hours-caption">{t('today.per_hour')}</figcaption>
      {most === 0 ? (
        <p className="admin-muted">{t('today.per_hour_empty')}</p>
      ) : (
        <ol className="reports-hours" aria-labelledby="reports-hours-caption">
          {hours.map(({ hour, orders }) => (
            <li
              key={hour}
              className="reports-hour"
              aria-hidden={orders === 0 ? true : undefined}
              style={{ '--bar': orders / most } as CSSProperties}
            >
              <span className="reports-bar" data-empty={orders === 0} />
              <span className="reports-hour-label" aria-hidden="true" data-major={hour % 3 === 0}>
                {hour}
              </span>
              {orders > 0 ? <span className="sr-only">{t('today.per_hour_bar', { hour, count: orders })}</span> : null}
            </li>
          ))}
        </ol>
      )}
    </figure>
  );
}
