import type { ReactNode } from 'react';
import { LanguageSelect } from '../../layout/index.ts';
import { useRestaurantName } from '../../store/index.ts';

/**
 * The frame of the back office's pages reached signed out (the sign-in, a colleague's invitation): the
 * restaurant's name and the language, and one card titled `title`.
 */
export function SignedOutFrame({
  titleId,
  title,
  intro,
  children,
}: {
  titleId: string;
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  const restaurantName = useRestaurantName();
  return (
    <div className="admin-login">
      <header className="admin-login-bar">
        <span className="admin-login-brand">{restaurantName}</span>
        <LanguageSelect />
      </header>
      <main id="main" className="admin-login-main" tabIndex={-1}>
        <section className="card admin-login-card" aria-labelledby={titleId}>
          <header className="admin-login-header">
            <h1 id={titleId}>{title}</h1>
            {intro ? <p className="admin-muted">{intro}</p> : null}
          </header>
          {children}
        </section>
      </main>
    </div>
  );
}
