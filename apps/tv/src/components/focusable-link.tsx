import { useFocusable } from '@noriginmedia/norigin-spatial-navigation';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';

interface FocusableLinkProps {
  to: string;
  focusKey?: string;
  className?: string;
  children: ReactNode;
  /** Extra attributes such as data-testid. */
  attrs?: Record<string, string | undefined>;
  label?: string;
  onFocused?: () => void;
}

/**
 * A link that spatial navigation can focus: arrows move to it, Enter opens it. It scrolls itself to
 * the middle of the screen when focused. A pointer click works too.
 */
export function FocusableLink({
  to,
  focusKey,
  className,
  children,
  attrs,
  label,
  onFocused,
}: FocusableLinkProps) {
  const navigate = useNavigate();
  const { ref, focused } = useFocusable<object, HTMLAnchorElement>({
    focusKey,
    onEnterPress: () => void navigate(to),
    onFocus: () => {
      ref.current?.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'smooth' });
      onFocused?.();
    },
  });
  return (
    <Link
      ref={ref}
      to={to}
      className={[className, focused ? 'is-focused' : ''].filter(Boolean).join(' ')}
      aria-label={label}
      data-focused={focused || undefined}
      {...attrs}
    >
      {children}
    </Link>
  );
}
