import './pages.css';
import './register-texts.ts';
import { Trans, useTranslation } from 'react-i18next';
import { usePageTitle } from '../../lib/page-title.ts';
import { useRestaurantName, useStore } from '../store/index.ts';
import { useLegalNotice } from './api/get-legal-notice.ts';
import { usePaymentMethods } from '../payments/index.ts';

/** When the text below last changed in substance. */
const UPDATED = new Date(Date.UTC(2026, 10, 22));

const SECTIONS = [
  'controller',
  'data',
  'purposes',
  'storage',
  'recipients',
  'retention',
  'rights',
  'authority',
  'contact',
] as const;

/** Privacy policy and legal notice (docs/product/shop.md) with the restaurant's details from the store API. */
export default function PrivacyPage() {
  const { t, i18n } = useTranslation('pages');
  const paypal = usePaymentMethods().data?.paypal != null;
  usePageTitle(t('privacy.page_title'));
  const name = useRestaurantName();
  const { data: store } = useStore();
  const { data: legal } = useLegalNotice();
  const date = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'de-DE', {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(UPDATED);
  const email = store?.email ?? '';

  return (
    <article className="container page content-page legal">
      <header className="page-hero">
        <h1>{t('privacy.title')}</h1>
        <p className="page-intro">{t('privacy.intro')}</p>
        <p className="contact-hint">{t('privacy.updated', { date })}</p>
      </header>

      <section aria-labelledby="imprint" className="card legal-imprint">
        <h2 id="imprint">{t('privacy.imprint_title')}</h2>
        <p>{t('privacy.imprint_text')}</p>
        <address>
          <strong>{legal?.legal_name || name}</strong>
          {legal?.legal_representative ? (
            <>
              <br />
              {legal.legal_representative}
            </>
          ) : null}
          {store ? (
            <>
              <br />
              {store.address}
              <br />
              {t('privacy.contact_phone', { phone: store.phone })}
              <br />
              {t('privacy.contact_email', { email: store.email })}
            </>
          ) : null}
          {legal?.trade_register ? (
            <>
              <br />
              {t('privacy.trade_register', { register: legal.trade_register })}
            </>
          ) : null}
          {legal?.vat_id ? (
            <>
              <br />
              {t('privacy.vat_id', { id: legal.vat_id })}
            </>
          ) : null}
        </address>
      </section>

      <nav aria-labelledby="toc-title" className="legal-toc">
        <h2 id="toc-title">{t('privacy.toc')}</h2>
        <ol>
          {SECTIONS.map((section) => (
            <li key={section}>
              <a href={`#${section}`}>{t(`privacy.${section}_title`).replace(/^\d+\.\s*/, '')}</a>
            </li>
          ))}
        </ol>
      </nav>

      <section aria-labelledby="controller">
        <h2 id="controller">{t('privacy.controller_title')}</h2>
        <p>{t('privacy.controller_text')}</p>
      </section>

      <section aria-labelledby="data">
        <h2 id="data">{t('privacy.data_title')}</h2>
        <ul>
          <li>{t('privacy.data_order')}</li>
          <li>{t('privacy.data_account')}</li>
          <li>{t('privacy.data_technical')}</li>
        </ul>
      </section>

      <section aria-labelledby="purposes">
        <h2 id="purposes">{t('privacy.purposes_title')}</h2>
        <ul>
          <li>{t('privacy.purposes_contract')}</li>
          <li>{t('privacy.purposes_interest')}</li>
          <li>{t('privacy.purposes_legal')}</li>
        </ul>
      </section>

      <section aria-labelledby="storage">
        <h2 id="storage">{t('privacy.storage_title')}</h2>
        <p>{t('privacy.storage_text')}</p>
        <p className="legal-highlight">{t(paypal ? 'privacy.storage_none_paypal' : 'privacy.storage_none')}</p>
      </section>

      <section aria-labelledby="recipients">
        <h2 id="recipients">{t('privacy.recipients_title')}</h2>
        <p>{t('privacy.recipients_text')}</p>
        {/* Only what this shop does: PayPal is named when it is offered. */}
        {paypal && <p>{t('privacy.recipients_paypal')}</p>}
      </section>

      <section aria-labelledby="retention">
        <h2 id="retention">{t('privacy.retention_title')}</h2>
        <p>{t('privacy.retention_text')}</p>
      </section>

      <section aria-labelledby="rights">
        <h2 id="rights">{t('privacy.rights_title')}</h2>
        <p>{t('privacy.rights_text')}</p>
      </section>

      <section aria-labelledby="authority">
        <h2 id="authority">{t('privacy.authority_title')}</h2>
        <p>{t('privacy.authority_text')}</p>
        <p>
          <a href="https://www.datenschutz-berlin.de" rel="noopener noreferrer" target="_blank">
            {t('privacy.authority_link')}
          </a>
        </p>
      </section>

      <section aria-labelledby="contact">
        <h2 id="contact">{t('privacy.contact_title')}</h2>
        <p>
          {email ? (
            <Trans
              t={t}
              i18nKey="privacy.contact_text"
              values={{ email }}
              components={{ mail: <a href={`mailto:${email}`} /> }}
            />
          ) : (
            t('privacy.loading')
          )}
        </p>
      </section>
    </article>
  );
}
