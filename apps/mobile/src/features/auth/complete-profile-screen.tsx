import { useState } from 'react';
import { Text, View } from 'react-native';
import {
  profileUpdateRequestSchema,
  userPrivateSchema,
  type ProfileUpdateRequest,
} from '@meeet/core/api/user';
import { userPaths } from '@meeet/core/api/user-paths';
import { birthDateToIso, isoToBirthDate, validateBirthDate } from '@meeet/core/rules/birth-date';
import { validateGender } from '@meeet/core/rules/profile';
import { api } from '../../lib/api.ts';
import { fieldErrors, type FieldErrors } from '../../lib/forms.ts';
import { useI18n } from '../../lib/i18n.ts';
import { saveUser, useSession } from '../../lib/session.ts';
import { Button, Chip, ErrorBox, Field, Screen, styles } from '../../components/ui.tsx';

type Translate = ReturnType<typeof useI18n>['t'];

/** The profile as typed: the request to send, or every field's error at once. */
function checkProfile(
  values: {
    firstName: string;
    lastName: string;
    domain: string;
    bdate: string;
    gender: 0 | 1 | null;
  },
  locale: string,
  t: Translate,
): { ok: true; request: ProfileUpdateRequest } | { ok: false; errors: FieldErrors } {
  const { firstName, lastName, domain, bdate, gender } = values;
  const found: FieldErrors = {};
  const dateError = validateBirthDate(bdate);
  if (dateError) found.bdate = t(dateError);
  const genderError = validateGender(gender);
  if (genderError) found.gender = t(genderError);
  if (!firstName.trim()) found.firstName = t('msg.required');
  if (!lastName.trim()) found.lastName = t('msg.required');
  if (!domain.trim()) found.domain = t('msg.required');
  const parsed = profileUpdateRequestSchema.safeParse({
    firstName,
    lastName,
    domain,
    locale,
    ...(gender === null ? {} : { gender }),
    ...(dateError ? {} : { bdate: birthDateToIso(bdate) }),
  });
  if (parsed.success && Object.keys(found).length === 0) return { ok: true, request: parsed.data };
  return {
    ok: false,
    errors: { ...(parsed.success ? {} : fieldErrors(parsed.error, t)), ...found },
  };
}

/** The two genders the spec offers, as chips. */
function GenderChoice({ value, onChange }: { value: 0 | 1 | null; onChange: (g: 0 | 1) => void }) {
  const { t } = useI18n();
  return (
    <>
      <Text style={styles.label}>{t('m.profile.gender')}</Text>
      <View style={styles.row}>
        <Chip
          label={t('m.profile.gender.male')}
          selected={value === 0}
          onPress={() => onChange(0)}
        />
        <Chip
          label={t('m.profile.gender.female')}
          selected={value === 1}
          onPress={() => onChange(1)}
        />
      </View>
    </>
  );
}

/** Spec §4's complete profile (birth date, nickname, first and last name, gender), web rules. */
export function CompleteProfileScreen() {
  const { t, locale } = useI18n();
  const user = useSession().auth?.user;
  const [firstName, setFirstName] = useState(user?.firstName ?? '');
  const [lastName, setLastName] = useState(user?.lastName ?? '');
  const [domain, setDomain] = useState(user?.domain ?? '');
  const [bdate, setBdate] = useState(isoToBirthDate(user?.bdate));
  const [gender, setGender] = useState<0 | 1 | null>(user?.gender ?? null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit() {
    const checked = checkProfile({ firstName, lastName, domain, bdate, gender }, locale, t);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    setFailure(null);
    setBusy(true);
    const result = await api.post(userPaths.profileUpdate, checked.request, userPrivateSchema);
    setBusy(false);
    if (!result.ok) {
      if (result.fields) setErrors(result.fields);
      return setFailure(result.error);
    }
    await saveUser(result.data);
  }

  return (
    <Screen title={t('m.profile.title')}>
      <Text style={styles.muted}>{t('m.profile.text')}</Text>
      <Field
        label={t('m.profile.first-name')}
        value={firstName}
        onChangeText={setFirstName}
        error={errors.firstName}
      />
      <Field
        label={t('m.profile.last-name')}
        value={lastName}
        onChangeText={setLastName}
        error={errors.lastName}
      />
      <Field
        label={t('m.profile.nickname')}
        value={domain}
        onChangeText={setDomain}
        autoCapitalize="none"
        error={errors.domain}
      />
      <Field
        label={t('m.profile.birth-date')}
        value={bdate}
        onChangeText={setBdate}
        placeholder="DD.MM.YYYY"
        keyboardType="numbers-and-punctuation"
        error={errors.bdate}
      />
      <GenderChoice value={gender} onChange={setGender} />
      {errors.gender ? <Text style={styles.fieldError}>{errors.gender}</Text> : null}
      {failure ? <ErrorBox message={failure} /> : null}
      <Button label={t('m.profile.submit')} onPress={() => void submit()} disabled={busy} />
    </Screen>
  );
}
