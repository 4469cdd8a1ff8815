import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { CpaStats } from '@meeet/core/api/cpa';
import { useTranslation } from '../../../i18n/react.ts';
import { NS } from '../i18n.ts';
import { usdt } from './cpa-amount.ts';

/** The period's figures per link. */
export function CpaLinksTable({ links }: { links: CpaStats['links'] }) {
  const { t } = useTranslation(NS);
  if (links.length === 0) return <Typography>{t('table.no-links')}</Typography>;
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t('table.links')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('table.link')}</TableCell>
            <TableCell align="right">{t('totals.hits')}</TableCell>
            <TableCell align="right">{t('totals.regs')}</TableCell>
            <TableCell align="right">{t('totals.value')}</TableCell>
            <TableCell align="right">{t('totals.profit')}</TableCell>
            <TableCell align="right">{t('totals.paid')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {links.map((link) => (
            <TableRow key={link.linkId}>
              <TableCell component="th" scope="row">
                {link.name}
              </TableCell>
              <TableCell align="right">{link.hits}</TableCell>
              <TableCell align="right">{link.regs}</TableCell>
              <TableCell align="right">{usdt(link.value)}</TableCell>
              <TableCell align="right">{usdt(link.profit)}</TableCell>
              <TableCell align="right">{usdt(link.paid)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
