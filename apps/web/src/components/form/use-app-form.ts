import {
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type Dispatch,
  type SetStateAction,
} from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  useForm,
  useWatch,
  type Control,
  type DefaultValues,
  type FieldError,
  type FieldErrors,
  type FieldValues,
  type Resolver,
  type ResolverResult,
  type UseFormReturn,
} from 'react-hook-form';
import type { ZodType } from 'zod';
import { lengthLimits, type LengthLimits } from './schema-limits.ts';
import {
  fieldValidationState,
  formModes,
  formValidationState,
  type FormModes,
  type ValidateOn,
  type ValidationState,
} from './validate-on.ts';

type FieldName<TValues> = keyof TValues & string;

/** A check a zod schema cannot do on one field alone; returns a core catalogue key or null. */
export type FormCheck<TValues> = (values: TValues) => string | null;

/**
 * A check against the server (nickname availability). `immediate` is true when the whole form
 * is being checked (submit), so a debounced check should not wait.
 */
export type AsyncFieldCheck<TValue> = (
  value: TValue,
  context: { immediate: boolean },
) => Promise<string | null>;

export interface AppFormConfig<TValues extends FieldValues, TOutput> {
  /** The request schema from @meeet/core: the very one the server validates with. */
  schema: ZodType<TOutput>;
  defaultValues: TValues;
  validateOn?: ValidateOn;
  /**
   * Form values → the schema's input: drop form-only fields (a password confirmation), turn
   * an empty optional field into "absent". Defaults to the values as they are.
   */
  toInput?: (values: TValues) => unknown;
  checks?: { [K in FieldName<TValues>]?: FormCheck<TValues> };
  asyncChecks?: { [K in FieldName<TValues>]?: AsyncFieldCheck<TValues[K]> };
  /** Fields re-checked when another one changes, once they have been checked themselves. */
  dependents?: { [K in FieldName<TValues>]?: Array<FieldName<TValues>> };
}

interface Tracking {
  validated: ReadonlySet<string>;
  pending: Readonly<Record<string, number>>;
}

export interface AppFormApi<TValues extends FieldValues, TOutput> {
  form: UseFormReturn<TValues, unknown, TOutput>;
  modes: FormModes;
  state: ValidationState;
  fieldState: (name: FieldName<TValues>) => ValidationState;
  limits: (name: FieldName<TValues>) => LengthLimits;
  dependentsOf: (name: FieldName<TValues>) => Array<FieldName<TValues>>;
  /** Clears the checked/unchecked memory along with the values (after a successful save). */
  reset: (values?: TValues) => void;
}

/**
 * react-hook-form set up the way spec §4 describes: validation by the shared zod schema
 * (zodResolver), the timing chosen by `validateOn`, at most one error per field, and the
 * pristine / valid / invalid / validating state of each field and of the form.
 *
 * Which fields have been checked is learned from the resolver itself (react-hook-form tells it
 * which `names` it validates), because react-hook-form keeps no "checked and valid" flag.
 * That is also why nothing here reads `formState.isValid`: subscribing to it makes
 * react-hook-form validate every field in the background, which would mark all of them as
 * checked.
 */
export function useAppForm<TValues extends FieldValues, TOutput>(
  config: AppFormConfig<TValues, TOutput>,
): AppFormApi<TValues, TOutput> {
  // The resolver is built once (react-hook-form keeps the first one) and reads the latest
  // checks through this ref.
  const configRef = useRef(config);
  useLayoutEffect(() => {
    configRef.current = config;
  });
  const validateOn = config.validateOn ?? 'input';
  const modes = useMemo(() => formModes(validateOn), [validateOn]);
  const [tracking, setTracking] = useState<Tracking>({ validated: new Set(), pending: {} });

  const [resolver] = useState(() => {
    const base = zodResolver(config.schema as never) as unknown as Resolver<FieldValues>;
    const allNames = Object.keys(config.defaultValues);
    const wrapped: Resolver<TValues, unknown, TOutput> = (values, context, options) =>
      resolveWithChecks(
        { base, allNames, config: configRef.current, setTracking },
        { values, context, options },
      );
    return wrapped;
  });

  const form = useForm<TValues, unknown, TOutput>({
    resolver,
    mode: modes.mode,
    reValidateMode: modes.reValidateMode,
    defaultValues: config.defaultValues as DefaultValues<TValues>,
    // One message per field (spec §4): the first failing rule, in the schema's order.
    criteriaMode: 'firstError',
  });

  const errors = form.formState.errors;
  const fieldState = useCallback(
    (name: FieldName<TValues>): ValidationState =>
      fieldValidationState({
        validated: tracking.validated.has(name),
        pending: (tracking.pending[name] ?? 0) > 0,
        hasError: Boolean(errors[name]),
      }),
    [tracking, errors],
  );

  const names = Object.keys(config.defaultValues) as Array<FieldName<TValues>>;
  const allPass = useQuietValidity(form.control, config);
  const state = formValidationState(names.map(fieldState), allPass);
  const schema = config.schema;
  const limits = useCallback((name: FieldName<TValues>) => lengthLimits(schema, name), [schema]);
  const dependentsOf = useCallback(
    (name: FieldName<TValues>) => configRef.current.dependents?.[name] ?? [],
    [],
  );
  const reset = useCallback(
    (values?: TValues) => {
      form.reset(values);
      setTracking({ validated: new Set(), pending: {} });
    },
    [form],
  );

  return useMemo(
    () => ({ form, modes, state, fieldState, limits, dependentsOf, reset }),
    [form, modes, state, fieldState, limits, dependentsOf, reset],
  );
}

/**
 * The zod resolver's answer with the form's own checks added (sync, then async), and the memory
 * of which fields have been checked and which are being checked against the server.
 */
async function resolveWithChecks<TValues extends FieldValues, TOutput>(
  env: {
    base: Resolver<FieldValues>;
    allNames: string[];
    config: AppFormConfig<TValues, TOutput>;
    setTracking: Dispatch<SetStateAction<Tracking>>;
  },
  {
    values,
    context,
    options,
  }: {
    values: TValues;
    context: unknown;
    options: Parameters<Resolver<TValues, unknown, TOutput>>[2];
  },
): Promise<ResolverResult<TValues, TOutput>> {
  const { base, allNames, config, setTracking } = env;
  const track = (name: string, delta: number) =>
    setTracking((current) => ({
      ...current,
      pending: { ...current.pending, [name]: Math.max(0, (current.pending[name] ?? 0) + delta) },
    }));
  const { toInput, checks = {}, asyncChecks = {} } = config;
  const names = (options.names as string[] | undefined) ?? allNames;
  const immediate = names.length >= allNames.length;
  const input = (toInput ? toInput(values) : values) as FieldValues;
  const result = await base(input, context, options as never);
  const errors: Record<string, FieldError> = {
    ...(result.errors as Record<string, FieldError>),
  };
  const errorOf = (name: string, message: string): FieldError => ({
    type: 'validate',
    message,
    ref: options.fields[name]?.ref,
  });

  for (const name of names) {
    const check = (checks as Record<string, FormCheck<TValues> | undefined>)[name];
    if (!check || errors[name]) continue;
    const key = check(values);
    if (key) errors[name] = errorOf(name, key);
  }

  await Promise.all(
    names.map(async (name) => {
      const check = (asyncChecks as Record<string, AsyncFieldCheck<unknown> | undefined>)[name];
      if (!check || errors[name]) return;
      track(name, 1);
      try {
        const key = await check(values[name], { immediate });
        if (key) errors[name] = errorOf(name, key);
      } finally {
        track(name, -1);
      }
    }),
  );

  setTracking((current) => {
    if (names.every((name) => current.validated.has(name))) return current;
    return { ...current, validated: new Set([...current.validated, ...names]) };
  });

  if (Object.keys(errors).length > 0) {
    return { values: {}, errors: errors as FieldErrors<TValues> };
  }
  return { values: result.values as TOutput, errors: {} };
}

/** The quiet check of the whole form behind its `valid` state; shows no error anywhere. */
function useQuietValidity<TValues extends FieldValues, TOutput>(
  control: Control<TValues, unknown, TOutput>,
  config: AppFormConfig<TValues, TOutput>,
): boolean {
  const values = useWatch({ control }) as TValues;
  const { schema: rulesSchema, toInput: toRulesInput, checks: formChecks } = config;
  return useMemo(() => {
    try {
      const input = toRulesInput ? toRulesInput(values) : values;
      if (!rulesSchema.safeParse(input).success) return false;
      return Object.values(formChecks ?? {}).every(
        (check) => (check as FormCheck<TValues>)(values) === null,
      );
    } catch {
      // A schema with asynchronous parts cannot be judged quietly; the next check will tell.
      return false;
    }
  }, [values, rulesSchema, toRulesInput, formChecks]);
}
