import { useController } from 'react-hook-form';
import { useTranslation } from '../../i18n/react.ts';
import { countFor } from './schema-limits.ts';
import { useAppFormContext } from './form-context.ts';

// Rules and the server answer with catalogue keys ('msg.required'); a server field message
// that is already text (another service's wording) is shown as it is.
const CATALOGUE_KEY = /^(msg|error)\.[\w.-]+$/;

/**
 * One field of the surrounding <AppForm>: value and handlers for the input, its spec §4 state
 * and its one error, translated from the shared `core` catalogue with the schema's {count}.
 */
export function useFormField(name: string) {
  const app = useAppFormContext();
  const { t } = useTranslation('core');
  const { field, fieldState } = useController({ name, control: app.form.control });
  const state = app.fieldState(name);
  const key = fieldState.error?.message;
  const error = key
    ? CATALOGUE_KEY.test(key)
      ? t(key, { ns: 'core', count: countFor(key, app.limits(name)) })
      : key
    : undefined;

  const onChange = (value: unknown) => {
    field.onChange(value);
    // invalid-input: a field showing an error checks itself again on every input.
    if (app.modes.recheckInvalidOnInput && fieldState.invalid) void app.form.trigger(name);
    // A confirmation follows its password once it has been checked (not before: no error
    // should appear on a field the user has not reached yet).
    if (app.modes.reValidateMode === 'onChange' || app.modes.mode === 'onChange') {
      const checked = app
        .dependentsOf(name)
        .filter((other) => app.fieldState(other) !== 'pristine');
      if (checked.length > 0) void app.form.trigger(checked);
    }
  };

  return { field, state, error, onChange, disabled: field.disabled };
}
