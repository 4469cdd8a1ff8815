import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { StaffSection } from '@meeet/core/api/staff-paths';
import { staffKycSectionSchema, type StaffKycSection } from '@meeet/core/api/staff-sections';
import { NFT_TYPE_NAMES } from '@meeet/core/enums';
import { useTranslation } from '../../../i18n/react.ts';
import { useFormat } from '../../../lib/format.ts';
import { useStaffSection } from '../api/get-staff-section.ts';
import { NS } from '../i18n.ts';
import { Facts, Loaded, PersonLink, Section } from './section.tsx';

function History({ kyc }: { kyc: StaffKycSection }) {
  const { t } = useTranslation(NS);
  const fmt = useFormat();
  const none = t('user.none');
  return (
    <>
      <Facts
        rows={[
          [t('user.kyc-status'), t(`kyc.${kyc.status}`)],
          [
            t('user.kyc-max-level'),
            kyc.maxNftType === null ? none : NFT_TYPE_NAMES[kyc.maxNftType],
          ],
          [t('kyc-history.submitted'), kyc.submittedAt ? fmt.dateTime(kyc.submittedAt) : none],
          [t('kyc-history.decided'), kyc.decidedAt ? fmt.dateTime(kyc.decidedAt) : none],
          [t('kyc-history.comment'), kyc.moderatorComment ?? none],
        ]}
      />
      {kyc.history.length === 0 ? (
        <Typography sx={{ mt: 1.5 }}>{t('kyc-history.none')}</Typography>
      ) : (
        <TableContainer sx={{ mt: 1.5 }}>
          <Table size="small" aria-label={t('kyc-history.table')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('user.audit.when')}</TableCell>
                <TableCell>{t('kyc-history.change')}</TableCell>
                <TableCell>{t('user.audit.by')}</TableCell>
                <TableCell>{t('user.audit.reason')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {kyc.history.map((row, index) => (
                <TableRow key={index}>
                  <TableCell>{fmt.dateTime(row.createdAt)}</TableCell>
                  <TableCell>
                    {t('user.audit.role-change', {
                      from: t(`kyc.${row.fromStatus}`),
                      to: t(`kyc.${row.toStatus}`),
                    })}
                    {row.maxNftType !== null && ` · ${NFT_TYPE_NAMES[row.maxNftType]}`}
                  </TableCell>
                  <TableCell>
                    {row.actor === 'user' ? (
                      t('kyc-history.by-user')
                    ) : row.actorId === null ? (
                      none
                    ) : (
                      <PersonLink person={{ id: row.actorId, nickname: row.actorNickname }} />
                    )}
                  </TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.comment ?? none}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </>
  );
}

/** KYC: where it stands, and every submission and decision with who made it and why. */
export function KycHistorySection({ userId }: { userId: number }) {
  const { t } = useTranslation(NS);
  const query = useStaffSection(userId, StaffSection.KYC, staffKycSectionSchema);
  return (
    <Section title={t('user.kyc')}>
      <Loaded query={query}>{(kyc) => <History kyc={kyc} />}</Loaded>
    </Section>
  );
}
