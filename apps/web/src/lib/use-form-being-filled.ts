import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';

/** A form control, or anything inside a form, that a person types or chooses in. */
function isFormField(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  return (
    target.closest('form') !== null ||
    target.matches('input, textarea, select, [contenteditable="true"], [role="combobox"]')
  );
}

/**
 * True while a form on this page is being filled: a field has the focus, or something was
 * typed or chosen in one since the page opened. Prompts that would cover the page (the
 * "MEEET for iPhone" offer) wait while it is true, so they never open over someone's typing.
 */
export function useFormBeingFilled(): boolean {
  const { pathname } = useLocation();
  const [focused, setFocused] = useState(() =>
    typeof document === 'undefined' ? false : isFormField(document.activeElement),
  );
  const [filledOn, setFilledOn] = useState<string | null>(null);

  useEffect(() => {
    const onFocusIn = (event: FocusEvent) => setFocused(isFormField(event.target));
    const onFocusOut = (event: FocusEvent) => setFocused(isFormField(event.relatedTarget));
    const onInput = (event: Event) => {
      if (isFormField(event.target)) setFilledOn(window.location.pathname);
    };
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('focusout', onFocusOut);
    document.addEventListener('input', onInput, true);
    document.addEventListener('change', onInput, true);
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('focusout', onFocusOut);
      document.removeEventListener('input', onInput, true);
      document.removeEventListener('change', onInput, true);
    };
  }, []);

  return focused || filledOn === pathname;
}
