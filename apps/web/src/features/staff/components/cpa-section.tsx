import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { StaffSection } from '@meeet/core/api/staff-paths';
import { staffCpaSectionSchema } from '@meeet/core/api/staff-sections';
import { useTranslation } from '../../../i18n/react.ts';
import { useFormat } from '../../../lib/format.ts';
import { useStaffSection } from '../api/get-staff-section.ts';
import { NS } from '../i18n.ts';
import { Loaded, Section } from './section.tsx';

/** CPA standing: the user's affiliate links with hits, registrations and income (admins). */
export function CpaSection({ userId }: { userId: number }) {
  const { t } = useTranslation(NS);
  const fmt = useFormat();
  const query = useStaffSection(userId, StaffSection.CPA, staffCpaSectionSchema);
  return (
    <Section title={t('cpa.title')}>
      <Loaded query={query}>
        {({ items }) =>
          items.length === 0 ? (
            <Typography>{t('cpa.none')}</Typography>
          ) : (
            <TableContainer>
              <Table size="small" aria-label={t('cpa.title')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('cpa.link')}</TableCell>
                    <TableCell align="right">{t('cpa.hits')}</TableCell>
                    <TableCell align="right">{t('cpa.regs')}</TableCell>
                    <TableCell align="right">{t('cpa.profit')}</TableCell>
                    <TableCell align="right">{t('cpa.paid')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {items.map((link) => (
                    <TableRow key={link.id}>
                      <TableCell>{link.name}</TableCell>
                      <TableCell align="right">{fmt.number(link.stats.hits)}</TableCell>
                      <TableCell align="right">{fmt.number(link.stats.regs)}</TableCell>
                      <TableCell align="right">{fmt.amount(link.stats.profit)} USDT</TableCell>
                      <TableCell align="right">{fmt.amount(link.stats.paid)} USDT</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )
        }
      </Loaded>
    </Section>
  );
}
