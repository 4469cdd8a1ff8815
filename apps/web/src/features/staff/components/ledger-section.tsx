import { useState } from 'react';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { StaffSection } from '@meeet/core/api/staff-paths';
import { staffLedgerSectionSchema } from '@meeet/core/api/staff-sections';
import { useTranslation } from '../../../i18n/react.ts';
import { useFormat } from '../../../lib/format.ts';
import { useStaffSection } from '../api/get-staff-section.ts';
import { NS } from '../i18n.ts';
import { Loaded, Pager, Section } from './section.tsx';

const PAGE = 20;

/** The wallet ledger, newest first, a page at a time (admins). */
export function LedgerSection({ userId }: { userId: number }) {
  const { t } = useTranslation(NS);
  const fmt = useFormat();
  const [offset, setOffset] = useState(0);
  const query = useStaffSection(userId, StaffSection.LEDGER, staffLedgerSectionSchema, {
    offset,
    limit: PAGE,
  });
  return (
    <Section title={t('ledger.title')}>
      <Loaded query={query}>
        {(ledger) =>
          ledger.total === 0 ? (
            <Typography>{t('ledger.none')}</Typography>
          ) : (
            <>
              <TableContainer>
                <Table size="small" aria-label={t('ledger.title')}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('user.audit.when')}</TableCell>
                      <TableCell>{t('ledger.type')}</TableCell>
                      <TableCell>{t('ledger.status')}</TableCell>
                      <TableCell align="right">{t('ledger.amount')}</TableCell>
                      <TableCell>{t('ledger.hash')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {ledger.list.map((row) => (
                      <TableRow key={row.id}>
                        <TableCell>{fmt.dateTime(row.createdAt)}</TableCell>
                        <TableCell>{t(`ledger.type.${row.type}`)}</TableCell>
                        <TableCell>{t(`ledger.status.${row.status}`)}</TableCell>
                        <TableCell align="right">
                          {fmt.amount(row.amount, row.decimals)} {row.symbol}
                        </TableCell>
                        <TableCell
                          sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', maxWidth: 280 }}
                        >
                          {row.hash ?? t('user.none')}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
              <Pager {...ledger} onOffset={setOffset} />
            </>
          )
        }
      </Loaded>
    </Section>
  );
}
