import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { StaffUserDetail } from '@meeet/core/api/staff';
import { NFT_TYPE_NAMES } from '@meeet/core/enums';
import { paths } from '../../../app/paths.ts';
import { useTranslation } from '../../../i18n/react.ts';
import { useFormat } from '../../../lib/format.ts';
import { NS } from '../i18n.ts';
import { Facts, Section } from './section.tsx';

/** Who the person is: contacts, name, language, role, registration and who referred them. */
export function ProfileFacts({ user }: { user: StaffUserDetail['user'] }) {
  const { t } = useTranslation(NS);
  const fmt = useFormat();
  const fullName = [user.lastName, user.firstName, user.surName].filter(Boolean).join(' ');
  const none = t('user.none');
  return (
    <Section title={t('user.profile')}>
      <Facts
        rows={[
          [
            t('user.email'),
            `${user.email} (${t(user.emailVerified ? 'user.email-verified' : 'user.email-unverified')})`,
          ],
          [t('user.nickname'), user.nickname ?? none],
          [t('user.name'), fullName || none],
          [t('user.phone'), user.phone ?? none],
          [t('user.country'), user.country ?? none],
          [t('user.language'), user.locale],
          [t('user.role'), t(`role.${user.role}`)],
          [t('user.registered'), fmt.dateTime(user.createdAt)],
          [t('user.referral-level'), user.referralLevel],
          [
            t('user.referrer'),
            user.referrerId === null ? (
              none
            ) : (
              <Link component={RouterLink} to={paths.control.user.getHref(user.referrerId)}>
                {t('user.title', { id: user.referrerId })}
              </Link>
            ),
          ],
        ]}
      />
    </Section>
  );
}

/** The person's money side: deposit address, token levels held, and the device lock. */
export function WalletFacts({ detail }: { detail: StaffUserDetail }) {
  const { t } = useTranslation(NS);
  const fmt = useFormat();
  return (
    <Section title={t('user.wallet')}>
      <Facts
        rows={[
          [
            t('user.deposit-address'),
            detail.depositAddress ? (
              <Typography component="span" sx={{ fontFamily: 'monospace' }}>
                {detail.depositAddress}
              </Typography>
            ) : (
              t('user.no-address')
            ),
          ],
          [
            t('user.levels'),
            detail.levels.length === 0
              ? t('user.no-levels')
              : detail.levels.map((level) => NFT_TYPE_NAMES[level]).join(', '),
          ],
          [
            t('user.device-lock'),
            detail.deviceLock
              ? t('user.device-lock-until', { until: fmt.dateTime(detail.deviceLock.until) })
              : t('user.no-device-lock'),
          ],
        ]}
      />
    </Section>
  );
}
