import type { ReactNode } from 'react';

/** The centred card every sign-in screen sits in. */
export function AuthCard({
  title,
  children,
  testId,
}: {
  title: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <section className="auth-card" aria-labelledby="auth-title" data-testid={testId}>
      <h1 id="auth-title" className="auth-card__title">
        {title}
      </h1>
      {children}
    </section>
  );
}
