import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { firstErrorField, type FieldErrors } from '../utils/validation';

/**
 * Field errors of a form plus focus on the first one, so keyboard and screen-reader users land
 * on what to fix. `order` lists the field names as they appear.
 */
export function useFormErrors(order: readonly string[]) {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrorsState] = useState<FieldErrors>({});
  // Bumped on every setErrors, so the same errors twice still move focus.
  const [attempt, setAttempt] = useState(0);

  const setErrors = useCallback((next: FieldErrors) => {
    setErrorsState(next);
    setAttempt((n) => n + 1);
  }, []);

  // In the same commit that shows the messages: focus never lags behind what is on screen.
  useLayoutEffect(() => {
    const name = firstErrorField(errors, order);
    if (!name) return;
    formRef.current?.querySelector<HTMLElement>(`[name="${name}"]`)?.focus();
  }, [attempt, errors, order]);

  return { formRef, errors, setErrors, hasErrors: Object.keys(errors).length > 0 };
}
