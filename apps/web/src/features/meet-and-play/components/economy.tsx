import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../i18n/react.ts';
import { NS } from '../i18n';
import { textValues as values } from '../../../i18n/text-values.ts';
import { LEVELS } from '../values';
import { VisuallyHidden } from '../../../components/visually-hidden.tsx';

const cell = {
  px: { xs: 1, sm: 2 },
  py: 1.5,
  textAlign: 'left',
  borderBottom: 1,
  borderColor: 'divider',
} as const;

export default function Economy() {
  const { t } = useTranslation(NS);
  const usdt = (amount: number) => t('economy.usdt', { amount });
  return (
    <Box component="section" aria-labelledby="economy-title" sx={{ mb: { xs: 6, lg: 8 } }}>
      <Typography id="economy-title" component="h2" variant="h4" sx={{ fontWeight: 700, mb: 1.5 }}>
        {t('economy.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 760 }}>
        {t('economy.intro')}
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <Box
          component="table"
          data-testid="token-economy"
          sx={{
            width: '100%',
            borderCollapse: 'collapse',
            fontSize: { xs: '0.875rem', sm: '1rem' },
          }}
        >
          <VisuallyHidden component="caption">{t('economy.caption')}</VisuallyHidden>
          <thead>
            <tr>
              {(
                ['economy.level', 'economy.price', 'economy.payout', 'economy.perCreator'] as const
              ).map((key) => (
                <Box
                  component="th"
                  scope="col"
                  key={key}
                  sx={{ ...cell, color: 'text.secondary', fontWeight: 600 }}
                >
                  {t(key, values)}
                </Box>
              ))}
            </tr>
          </thead>
          <tbody>
            {LEVELS.map((level) => (
              <tr key={level.key}>
                <Box component="th" scope="row" sx={{ ...cell, fontWeight: 800 }}>
                  <Box
                    component="span"
                    aria-hidden="true"
                    sx={{
                      display: 'inline-block',
                      width: 12,
                      height: 12,
                      borderRadius: '50%',
                      bgcolor: level.color,
                      mr: 1,
                    }}
                  />
                  {t(`level.${level.key}`)}
                </Box>
                <Box component="td" sx={cell}>
                  {usdt(level.price)}
                </Box>
                <Box component="td" sx={{ ...cell, fontWeight: 700 }}>
                  {usdt(level.payout)}
                </Box>
                <Box component="td" sx={cell}>
                  {usdt(level.perCreator)}
                </Box>
              </tr>
            ))}
          </tbody>
        </Box>
      </Box>
    </Box>
  );
}
