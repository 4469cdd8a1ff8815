import Alert from '@mui/material/Alert';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../i18n/react.ts';
import { useFormat } from '../../../lib/format.ts';
import { useSecurityEvents } from '../api/get-security-events.ts';

/** The security feature's namespace holds the event names (one catalogue for both pages). */
const SECURITY_NS = 'security';

/** A user's security events on the staff user page (admins; issue 45). */
export function SecurityEvents({ userId }: { userId: number }) {
  const { t } = useTranslation(SECURITY_NS);
  const fmt = useFormat();
  const events = useSecurityEvents(userId);
  if (events.isPending) return <Typography color="text.secondary">…</Typography>;
  if (events.isError) return <Alert severity="error">{events.error.message}</Alert>;
  if (events.data.length === 0) return <Typography>{t('events.none')}</Typography>;
  return (
    <TableContainer>
      <Table size="small" aria-label={t('events.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('events.when')}</TableCell>
            <TableCell>{t('events.what')}</TableCell>
            <TableCell>{t('events.details')}</TableCell>
            <TableCell>{t('events.from')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {events.data.map((event) => (
            <TableRow key={event.id}>
              <TableCell>{fmt.dateTime(event.createdAt)}</TableCell>
              <TableCell>{t(`event.${event.kind}`)}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>
                {Object.entries(event.detail)
                  .map(([key, value]) => `${key}: ${value}`)
                  .join(', ') || '—'}
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere', maxWidth: 280 }}>
                {[event.ip, event.userAgent].filter(Boolean).join(' · ') || '—'}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
