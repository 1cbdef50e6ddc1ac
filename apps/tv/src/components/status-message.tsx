import type { ReactNode } from 'react';

/** Full-screen empty, error or loading message for the 10-foot UI. */
export function StatusMessage({
  kind,
  title,
  children,
  testId,
}: {
  kind: 'error' | 'empty' | 'loading';
  title: string;
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <section
      className={`tv-status tv-status--${kind}`}
      role={kind === 'error' ? 'alert' : 'status'}
      data-testid={testId ?? `status-${kind}`}
    >
      <h2>{title}</h2>
      {children ? <p>{children}</p> : null}
    </section>
  );
}
