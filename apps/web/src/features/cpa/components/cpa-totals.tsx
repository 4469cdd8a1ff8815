import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { CpaTotals as Totals } from '@meeet/core/api/cpa';
import { useTranslation } from '../../../i18n/react.ts';
import { NS } from '../i18n.ts';
import { usdt } from './cpa-amount.ts';

/** The period's totals as a description list of cards. */
export function CpaTotals({ totals, unpaid }: { totals: Totals; unpaid: string }) {
  const { t } = useTranslation(NS);
  const items: [string, string][] = [
    ['totals.hits', String(totals.hits)],
    ['totals.regs', String(totals.regs)],
    ['totals.value', usdt(totals.value)],
    ['totals.profit', usdt(totals.profit)],
    ['totals.paid', usdt(totals.paid)],
    ['totals.unpaid', usdt(unpaid)],
  ];
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gap: 2,
        m: 0,
        gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(6, 1fr)' },
      }}
    >
      {items.map(([key, value]) => (
        <Card key={key} variant="outlined">
          <CardContent>
            <Typography component="dt" variant="body2" color="text.secondary">
              {t(key)}
            </Typography>
            <Typography component="dd" variant="h6" sx={{ m: 0 }} data-testid={`cpa-${key}`}>
              {value}
            </Typography>
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}
