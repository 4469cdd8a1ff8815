import { StaffSection } from '@meeet/core/api/staff-paths';
import { staffReferralSectionSchema } from '@meeet/core/api/staff-sections';
import { useTranslation } from '../../../i18n/react.ts';
import { useFormat } from '../../../lib/format.ts';
import { useStaffSection } from '../api/get-staff-section.ts';
import { NS } from '../i18n.ts';
import { Facts, Loaded, PersonLink, Section } from './section.tsx';

/** Referral standing: level, who invited them, their three levels and income (admins). */
export function ReferralSection({ userId }: { userId: number }) {
  const { t } = useTranslation(NS);
  const fmt = useFormat();
  const query = useStaffSection(userId, StaffSection.REFERRAL, staffReferralSectionSchema);
  const usdt = (units: string) => `${fmt.amount(units)} USDT`;
  return (
    <Section title={t('referral.title')}>
      <Loaded query={query}>
        {(referral) => (
          <Facts
            rows={[
              [t('referral.level'), t(`referral.level.${referral.level}`)],
              [t('referral.code'), referral.code],
              [
                t('user.referrer'),
                referral.referrer ? <PersonLink person={referral.referrer} /> : t('user.none'),
              ],
              [
                t('referral.attracted'),
                t('referral.attracted-value', {
                  total: referral.totalAttracted,
                  active: referral.activeReferrals,
                  levels: referral.levels.join(' / '),
                }),
              ],
              [t('referral.income'), usdt(referral.totalIncome)],
              [t('referral.monthly'), usdt(referral.monthlyIncome)],
              [t('referral.pending'), usdt(referral.pendingIncome)],
            ]}
          />
        )}
      </Loaded>
    </Section>
  );
}
