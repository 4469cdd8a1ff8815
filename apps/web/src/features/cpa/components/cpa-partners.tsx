import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { cpaLevelSchema, type CpaLevel, type CpaPartner } from '@meeet/core/api/cpa';
import { formatTokenAmount } from '@meeet/core/format/number';
import { useTranslation } from '../../../i18n/react.ts';
import { useCpaPartners, useSetCpaPartnerLevel } from '../api/cpa-partners.ts';
import { NS } from '../i18n.ts';
import { CpaPayDialog } from './cpa-pay-dialog.tsx';

const LEVELS = cpaLevelSchema.options;

/** The partner's fraud signals in words, or that there are none. */
function FraudSignals({ partner }: { partner: CpaPartner }) {
  const { t } = useTranslation(NS);
  const { selfHits, sharedDeviceRegs, flaggedConversions } = partner.fraud;
  if (selfHits + sharedDeviceRegs + flaggedConversions === 0) return <>{t('control.fraud.none')}</>;
  return (
    <Stack component="ul" sx={{ m: 0, pl: 2 }}>
      {selfHits > 0 && <li>{t('control.fraud.self', { count: selfHits })}</li>}
      {sharedDeviceRegs > 0 && <li>{t('control.fraud.shared', { count: sharedDeviceRegs })}</li>}
      {flaggedConversions > 0 && (
        <li>{t('control.fraud.flagged', { count: flaggedConversions })}</li>
      )}
    </Stack>
  );
}

/** One partner's row: level to change, totals, fraud signals and the pay button. */
function PartnerRow({
  partner,
  onLevel,
  onPay,
}: {
  partner: CpaPartner;
  onLevel: (level: CpaLevel) => void;
  onPay: () => void;
}) {
  const { t } = useTranslation(NS);
  return (
    <TableRow>
      <TableCell component="th" scope="row">
        UID {partner.userId}
        <Typography variant="body2" color="text.secondary">
          {partner.nickname ?? partner.email}
        </Typography>
      </TableCell>
      <TableCell>
        <TextField
          select
          size="small"
          value={partner.level}
          aria-label={t('control.level')}
          onChange={(event) => onLevel(event.target.value as CpaLevel)}
        >
          {LEVELS.map((level) => (
            <MenuItem key={level} value={level}>
              {t(`control.level.${level}`)}
            </MenuItem>
          ))}
        </TextField>
      </TableCell>
      <TableCell align="right">{partner.links}</TableCell>
      <TableCell align="right">{partner.totals.hits}</TableCell>
      <TableCell align="right">{partner.totals.regs}</TableCell>
      <TableCell align="right">{formatTokenAmount(partner.totals.value)}</TableCell>
      <TableCell align="right">{formatTokenAmount(partner.totals.profit)}</TableCell>
      <TableCell align="right">{formatTokenAmount(partner.totals.paid)}</TableCell>
      <TableCell>
        <FraudSignals partner={partner} />
      </TableCell>
      <TableCell>
        {BigInt(partner.unpaid) > 0n && (
          <Button size="small" variant="outlined" onClick={onPay}>
            {t('control.pay', { amount: formatTokenAmount(partner.unpaid) })}
          </Button>
        )}
      </TableCell>
    </TableRow>
  );
}

/** Partners with their level, totals, fraud signals and what is left to pay them. */
export function CpaPartners() {
  const { t } = useTranslation(NS);
  const partners = useCpaPartners();
  const setLevel = useSetCpaPartnerLevel();
  const [paying, setPaying] = useState<CpaPartner | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);

  if (partners.isPending) return <CircularProgress aria-label={t('loading')} />;
  if (partners.isError) return <Alert severity="error">{t('load-error')}</Alert>;
  return (
    <Stack spacing={1}>
      {notice && (
        <Alert severity={notice.ok ? 'success' : 'error'} role="status">
          {notice.text}
        </Alert>
      )}
      {partners.data.length === 0 ? (
        <Typography>{t('control.no-partners')}</Typography>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={t('control.partners')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('control.partner')}</TableCell>
                <TableCell>{t('control.level')}</TableCell>
                <TableCell align="right">{t('control.links')}</TableCell>
                <TableCell align="right">{t('totals.hits')}</TableCell>
                <TableCell align="right">{t('totals.regs')}</TableCell>
                <TableCell align="right">{t('totals.value')}</TableCell>
                <TableCell align="right">{t('totals.profit')}</TableCell>
                <TableCell align="right">{t('totals.paid')}</TableCell>
                <TableCell>{t('control.fraud')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {partners.data.map((partner) => (
                <PartnerRow
                  key={partner.userId}
                  partner={partner}
                  onLevel={(level) => setLevel.mutate({ userId: partner.userId, level })}
                  onPay={() => setPaying(partner)}
                />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {paying && (
        <CpaPayDialog
          partner={paying}
          onClose={() => setPaying(null)}
          onDone={(outcome) => {
            setNotice(outcome);
            setPaying(null);
          }}
        />
      )}
    </Stack>
  );
}
