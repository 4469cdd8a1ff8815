/**
 * Spec §4 validation timing. react-hook-form has modes for most of them; the rest are built
 * from its pieces in the form wrapper:
 *   input          → mode onChange, revalidate onChange (the default)
 *   blur           → mode onBlur, revalidate onBlur
 *   submit         → mode onSubmit, revalidate onSubmit (only when the form is sent)
 *   eager          → mode onTouched: first on blur, then on every input
 *   lazy           → mode onSubmit, revalidate onChange: nothing until the first submit, then on input
 *   invalid-input  → mode onSubmit, revalidate onSubmit, plus the field re-checks itself on
 *                    input while it shows an error (so an error clears as soon as it is fixed,
 *                    but a valid field is not nagged while typing)
 */
export type ValidateOn = 'input' | 'blur' | 'invalid-input' | 'lazy' | 'eager' | 'submit';

export type FormMode = 'onChange' | 'onBlur' | 'onSubmit' | 'onTouched';

export interface FormModes {
  mode: FormMode;
  reValidateMode: 'onChange' | 'onBlur' | 'onSubmit';
  /** The field triggers its own check on input while it is invalid (invalid-input). */
  recheckInvalidOnInput: boolean;
}

export function formModes(validateOn: ValidateOn): FormModes {
  switch (validateOn) {
    case 'input':
      return { mode: 'onChange', reValidateMode: 'onChange', recheckInvalidOnInput: false };
    case 'blur':
      return { mode: 'onBlur', reValidateMode: 'onBlur', recheckInvalidOnInput: false };
    case 'submit':
      return { mode: 'onSubmit', reValidateMode: 'onSubmit', recheckInvalidOnInput: false };
    case 'eager':
      return { mode: 'onTouched', reValidateMode: 'onChange', recheckInvalidOnInput: false };
    case 'lazy':
      return { mode: 'onSubmit', reValidateMode: 'onChange', recheckInvalidOnInput: false };
    case 'invalid-input':
      return { mode: 'onSubmit', reValidateMode: 'onSubmit', recheckInvalidOnInput: true };
  }
}

/** Spec §4 states of a field and of a form. */
export type ValidationState = 'pristine' | 'valid' | 'invalid' | 'validating';

export function fieldValidationState(field: {
  validated: boolean;
  pending: boolean;
  hasError: boolean;
}): ValidationState {
  if (field.pending) return 'validating';
  if (field.hasError) return 'invalid';
  return field.validated ? 'valid' : 'pristine';
}

/**
 * The form is valid only when every field is (spec §4). Fields the user has not reached yet
 * are judged silently (`allPass`: the whole form passes its rules), as a field library does
 * when it validates quietly on mount: an untouched optional field does not hold the form back,
 * and an untouched required one keeps it from being valid without showing an error.
 */
export function formValidationState(
  fields: readonly ValidationState[],
  allPass: boolean,
): ValidationState {
  if (fields.includes('validating')) return 'validating';
  if (fields.includes('invalid')) return 'invalid';
  return allPass ? 'valid' : 'pristine';
}
