import { useFocusable } from '@noriginmedia/norigin-spatial-navigation';
import type { ReactNode } from 'react';

interface FocusableButtonProps {
  onPress: () => void;
  focusKey?: string;
  className?: string;
  disabled?: boolean;
  testId?: string;
  /** A toggle's state (aria-pressed), for watch-list and favorite buttons. */
  pressed?: boolean;
  /** Says a press is on its way (aria-busy). */
  busy?: boolean;
  children: ReactNode;
}

/** A button that spatial navigation can focus: arrows move to it, Enter presses it. A click works too. */
export function FocusableButton({
  onPress,
  focusKey,
  className = 'tv-pill',
  disabled,
  testId,
  pressed,
  busy,
  children,
}: FocusableButtonProps) {
  const { ref, focused } = useFocusable<object, HTMLButtonElement>({
    focusKey,
    onEnterPress: () => {
      if (!disabled) onPress();
    },
  });
  return (
    <button
      ref={ref}
      type="button"
      className={[className, 'tv-button', focused ? 'is-focused' : ''].filter(Boolean).join(' ')}
      onClick={onPress}
      disabled={disabled}
      aria-pressed={pressed}
      aria-busy={busy || undefined}
      data-focused={focused || undefined}
      data-testid={testId}
    >
      {children}
    </button>
  );
}
