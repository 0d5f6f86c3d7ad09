import { useId, type ReactNode } from 'react';

/** A centred card with its heading: the confirm-email page, and the word that an account is gone. */
export function MessageCard({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <div className="container page account-message-page">
      <section className="card account-message" aria-labelledby={titleId}>
        <h1 id={titleId}>{title}</h1>
        {children}
      </section>
    </div>
  );
}
