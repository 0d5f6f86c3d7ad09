import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { LanguageSelect } from '../../layout/index.ts';
import { useRestaurantName } from '../../store/index.ts';
import { signOutStaff, useStaffRole, useStaffSession } from '../auth/staff-session.ts';
import { confirmLeave } from '../forms/unsaved-changes.ts';
import { ADMIN_PAGES, ADMIN_SECTIONS, pageAllowed } from './admin-pages.ts';

/**
 * Pages that are a screen of their own: the orders board is the kitchen's screen, read from a metre away,
 * so its columns get the whole width and the navigation folds away behind one button.
 */
const FULL_SCREEN_PAGES: ReadonlySet<string> = new Set(['/home']);

/**
 * The back office's frame: the restaurant's name, who is signed in, language and sign-out on top; the
 * pages of docs/product/back-office.md as a side column from tablet width, as a menu that folds open on
 * phones and, at every width, on a full-screen page (the orders board). The menu lists only the pages the
 * signed-in person's role may use.
 */
export function AdminShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation('admin');
  const restaurantName = useRestaurantName();
  const email = useStaffSession((state) => state.account?.email ?? '');
  const name = useStaffSession((state) => state.account?.name ?? '');
  const role = useStaffRole();
  const who = name || email;
  const [location] = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const folded = FULL_SCREEN_PAGES.has(location);
  const navRef = useRef<HTMLElement>(null);

  // A menu opened over the board closes with Escape or a tap beside it, as a menu does.
  useEffect(() => {
    if (!menuOpen || !folded) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    const onPointer = (event: PointerEvent) => {
      if (!navRef.current?.contains(event.target as Node)) setMenuOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [menuOpen, folded]);

  return (
    <div className="admin-shell" data-nav={folded ? 'folded' : 'side'}>
      <header className="admin-header">
        <Link href="/home" className="admin-brand">
          {t('shell.brand', { name: restaurantName })}
        </Link>
        <div className="admin-header-tools">
          <span className="admin-user" title={email}>
            <span className="sr-only">
              {t('shell.signed_in_as', { email: who })}
              {role ? ` (${t(`roles.${role}`)})` : ''}
            </span>
            <span aria-hidden="true">
              {who}
              {role ? <span className="admin-user-role"> · {t(`roles.${role}`)}</span> : null}
            </span>
          </span>
          <LanguageSelect />
          <button
            type="button"
            className="button button-secondary admin-sign-out"
            disabled={signingOut}
            onClick={() => {
              setSigningOut(true);
              void signOutStaff();
            }}
          >
            {signingOut ? t('shell.signing_out') : t('shell.sign_out')}
          </button>
        </div>
      </header>
      <div className="admin-body">
        <nav ref={navRef} className="admin-nav" aria-label={t('shell.navigation')}>
          <button
            type="button"
            className="admin-nav-toggle"
            aria-expanded={menuOpen}
            aria-controls="admin-nav-list"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {t('shell.menu')}
          </button>
          <ul id="admin-nav-list" className="admin-nav-list" data-open={menuOpen}>
            {ADMIN_SECTIONS.map((section) => (
              <li key={section} className="admin-nav-section">
                <p className="admin-nav-heading" id={`admin-nav-${section}`}>
                  {t(`sections.${section}`)}
                </p>
                <ul aria-labelledby={`admin-nav-${section}`}>
                  {ADMIN_PAGES.filter((page) => page.nav && page.section === section && pageAllowed(page, role)).map(
                    (page) => (
                      <li key={page.path}>
                        <Link
                          href={page.path}
                          aria-current={location === page.path ? 'page' : undefined}
                          onClick={(event) => {
                            if (!confirmLeave()) event.preventDefault();
                            else setMenuOpen(false);
                          }}
                        >
                          {t(page.title)}
                        </Link>
                      </li>
                    ),
                  )}
                </ul>
              </li>
            ))}
            <li className="admin-nav-user" aria-hidden="true">
              {who}
            </li>
            <li className="admin-nav-shop">
              <a href={import.meta.env.BASE_URL}>{t('shell.shop')}</a>
            </li>
          </ul>
        </nav>
        <main id="main" className="admin-main" tabIndex={-1}>
          {children}
        </main>
      </div>
    </div>
  );
}
