import { Linking, Text, View } from 'react-native';
import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { cryptoPaths } from '@meeet/core/api/crypto-paths';
import { walletResponseSchema } from '@meeet/core/api/crypto';
import type { WithdrawalHold } from '@meeet/core/api/custody';
import { SELLER_PAYOUT_PERCENT } from '@meeet/core/constants';
import { nftTypeName } from '@meeet/core/enums';
import { formatDateTime } from '@meeet/core/format/date';
import { formatTokenAmount } from '@meeet/core/format/number';
import { webRoutes } from '@meeet/core/web/routes';
import { api, unwrap } from '../../lib/api.ts';
import { webAppUrl } from '../../lib/config.ts';
import { useI18n } from '../../lib/i18n.ts';
import { displayName } from '../../lib/people.ts';
import { on } from '../../lib/socket.ts';
import { meetingsListKey, useMeetingsHistory } from '../meetings/meetings-api.ts';
import { Button, Card, Empty, ErrorBox, Loading, Screen, styles } from '../../components/ui.tsx';

export const walletKey = ['wallet'] as const;

export function useWallet() {
  return useQuery({
    queryKey: walletKey,
    queryFn: () => unwrap(api.get(cryptoPaths.wallet, undefined, walletResponseSchema)),
  });
}

/** Why and until when withdrawals are paused (a password change, a new device…). */
function HoldCard({ hold }: { hold: WithdrawalHold }) {
  const { t, locale } = useI18n();
  return (
    <Card>
      <Text style={styles.text} testID="wallet-hold">
        {t(`wallet.held.${hold.reason}`, { until: formatDateTime(hold.until, locale) })}
      </Text>
    </Card>
  );
}

/** A glance at the wallet; deposits and purchases happen in the web app. */
export function WalletScreen() {
  const { t } = useI18n();
  const wallet = useWallet();
  // Tokens minted at meetings go to the market, not to their generators, who earn from each
  // sale: the wallet lists them from the meetings history, which names them.
  const history = useMeetingsHistory();
  const generated = history.data?.list.filter((meeting) => meeting.token !== null) ?? [];
  const client = useQueryClient();
  // A purchase, a deposit or a mint settled (spec §7 `wallet` event): read the wallet again.
  useEffect(
    () =>
      on('wallet', () => {
        void client.invalidateQueries({ queryKey: walletKey });
        void client.invalidateQueries({ queryKey: meetingsListKey });
      }),
    [client],
  );
  const open = () => void Linking.openURL(`${webAppUrl()}${webRoutes.account.data}#wallet-deposit`);

  return (
    <Screen title={t('m.wallet.title')}>
      {wallet.isPending ? <Loading /> : null}
      {wallet.isError ? (
        <ErrorBox message={wallet.error.message} onRetry={() => void wallet.refetch()} />
      ) : null}
      {wallet.data?.hold ? <HoldCard hold={wallet.data.hold} /> : null}
      {wallet.data ? (
        <>
          <Card>
            <Text style={styles.muted}>{t('m.wallet.balance')}</Text>
            <Text style={[styles.text, { fontSize: 28, fontWeight: '700' }]}>
              {formatTokenAmount(wallet.data.balance, wallet.data.decimals)} {wallet.data.symbol}
            </Text>
            <Text style={styles.muted}>
              {t('m.wallet.withdrawable')}:{' '}
              {formatTokenAmount(wallet.data.withdrawable, wallet.data.decimals)}{' '}
              {wallet.data.symbol}
            </Text>
            <Text style={styles.muted}>
              {t('m.wallet.gas')}:{' '}
              {formatTokenAmount(wallet.data.nativeBalance, wallet.data.nativeDecimals)}
            </Text>
          </Card>
          <Text style={[styles.text, { fontWeight: '700' }]}>{t('m.wallet.tokens')}</Text>
          {wallet.data.nfts.length === 0 ? <Empty text={t('m.wallet.no-tokens')} /> : null}
          <View accessibilityRole="list" style={{ gap: 8 }}>
            {wallet.data.nfts.map((nft) => (
              <Card key={nft.id}>
                <Text style={styles.text}>{nft.name}</Text>
                <Text style={styles.muted}>{nftTypeName(nft.type)}</Text>
              </Card>
            ))}
          </View>
          {generated.length > 0 ? (
            <>
              <Text style={[styles.text, { fontWeight: '700' }]}>{t('m.wallet.generated')}</Text>
              <View accessibilityRole="list" style={{ gap: 8 }}>
                {generated.map((meeting) => (
                  <Card key={meeting.id}>
                    <Text style={styles.text}>{meeting.token?.name}</Text>
                    <Text style={styles.muted}>
                      {t('m.wallet.generated-with', {
                        name: displayName(meeting.partner),
                        percent: SELLER_PAYOUT_PERCENT,
                      })}
                    </Text>
                  </Card>
                ))}
              </View>
            </>
          ) : null}
        </>
      ) : null}
      <Button label={t('m.wallet.open-web')} onPress={open} variant="secondary" />
    </Screen>
  );
}
