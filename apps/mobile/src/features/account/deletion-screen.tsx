import { useState } from 'react';
import { Text } from 'react-native';
import { useQuery } from '@tanstack/react-query';
import {
  deletionResponseSchema,
  deletionStatusSchema,
  type DeletionRequest,
} from '@meeet/core/api/account';
import { accountPaths } from '@meeet/core/api/account-paths';
import { DELETION_GRACE_DAYS } from '@meeet/core/rules/account-deletion';
import { unitsToDecimal } from '@meeet/core/rules/amount';
import { api, unwrap } from '../../lib/api.ts';
import { useI18n } from '../../lib/i18n.ts';
import { signOut } from '../../lib/session.ts';
import {
  Button,
  Card,
  Chip,
  ErrorBox,
  Field,
  Loading,
  Notice,
  Screen,
  styles,
} from '../../components/ui.tsx';

/**
 * Settings → Delete account (App Store 5.1.1(v)): the rules as the web shows them
 * (docs/decisions.md, "Account deletion: grace, funds, erasure"), what the user still holds,
 * the forfeiture tick when needed and the password. Success signs the phone out.
 */
export function DeletionScreen() {
  const { t } = useI18n();
  const [password, setPassword] = useState('');
  const [forfeit, setForfeit] = useState(false);
  const [failure, setFailure] = useState<{ message: string; password?: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const status = useQuery({
    queryKey: ['account', 'deletion'],
    queryFn: () => unwrap(api.get(accountPaths.deletion, undefined, deletionStatusSchema)),
  });
  const held = status.data;

  async function confirm() {
    if (!held) return;
    setBusy(true);
    setFailure(null);
    const body: DeletionRequest = { ...(held.needsPassword ? { password } : {}), forfeit };
    const result = await api.post(accountPaths.deletion, body, deletionResponseSchema);
    setBusy(false);
    if (!result.ok) {
      setFailure({
        message: result.error,
        ...(result.fields?.password ? { password: result.fields.password } : {}),
      });
      return;
    }
    await signOut();
  }

  return (
    <Screen title={t('m.account.delete.title')}>
      <Card>
        <Text style={styles.text}>
          • {t('m.account.delete.rule-grace', { days: DELETION_GRACE_DAYS })}
        </Text>
        <Text style={styles.text}>• {t('m.account.delete.rule-funds')}</Text>
        <Text style={styles.text}>• {t('m.account.delete.rule-erase')}</Text>
        <Text style={styles.text}>• {t('m.account.delete.rule-ledger')}</Text>
      </Card>
      {status.isPending ? <Loading /> : null}
      {status.isError ? (
        <ErrorBox message={status.error.message} onRetry={() => void status.refetch()} />
      ) : null}
      {held?.needsForfeit ? (
        <>
          <Notice
            tone="warning"
            text={t('m.account.delete.held', {
              usdt: unitsToDecimal(BigInt(held.usdt)),
              bnb: unitsToDecimal(BigInt(held.bnb)),
              tokens: held.tokens,
            })}
          />
          <Chip
            label={t('m.account.delete.forfeit')}
            selected={forfeit}
            onPress={() => setForfeit(!forfeit)}
          />
        </>
      ) : null}
      {held?.needsPassword ? (
        <Field
          label={t('m.account.delete.password')}
          value={password}
          onChangeText={setPassword}
          secureTextEntry
          autoComplete="password"
          error={failure?.password ?? null}
        />
      ) : null}
      {failure && !failure.password ? <ErrorBox message={failure.message} /> : null}
      <Button
        label={t('m.account.delete.confirm')}
        variant="danger"
        disabled={!held || busy || (held.needsForfeit && !forfeit)}
        onPress={() => void confirm()}
      />
    </Screen>
  );
}
