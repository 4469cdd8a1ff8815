import { CpaSection } from './cpa-section.tsx';
import { KycHistorySection } from './kyc-history-section.tsx';
import { LedgerSection } from './ledger-section.tsx';
import { MeetingsSection } from './meetings-section.tsx';
import { ReferralSection } from './referral-section.tsx';
import { ReportsSection } from './reports-section.tsx';

/**
 * The user page's sections with a call of their own; the money ones only for admins, as the
 * server allows (docs/decisions.md, "What moderators see of a user").
 */
export function UserSections({ userId, admin }: { userId: number; admin: boolean }) {
  return (
    <>
      <KycHistorySection userId={userId} />
      {admin && <LedgerSection userId={userId} />}
      <MeetingsSection userId={userId} />
      <ReportsSection userId={userId} />
      {admin && <ReferralSection userId={userId} />}
      {admin && <CpaSection userId={userId} />}
    </>
  );
}
