import { useCallback, useRef, useState } from 'react';
import { firstErrorField, type FieldErrors } from '../utils/validation';

/**
 * Field errors of a form plus focus on the first one, so keyboard and screen-reader users land
 * on what to fix. `order` lists the field names as they appear.
 */
export function useFormErrors(order: readonly string[]) {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrorsState] = useState<FieldErrors>({});

  const setErrors = useCallback(
    (next: FieldErrors) => {
      setErrorsState(next);
      const name = firstErrorField(next, order);
      if (!name) return;
      // After the render that shows the messages.
      requestAnimationFrame(() => {
        const field = formRef.current?.querySelector<HTMLElement>(`[name="${name}"]`);
        field?.focus();
      });
    },
    [order],
  );

  return { formRef, errors, setErrors, hasErrors: Object.keys(errors).length > 0 };
}
