import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import type { MarketLevel } from '@meeet/core/api/market';
import { NFT_TYPE_NAMES, type NftType } from '@meeet/core/enums';
import { useTranslation } from '../../../i18n/react.ts';
import { NS } from '../i18n.ts';
import { useFormat } from '../../../lib/format.ts';

/** Level colours of the three tiers, as the wallet and home pages show them. */
export const LEVEL_COLORS = ['#c0c7d1', '#e8b64c', '#a8d8ea'] as const;

/**
 * What a level that needs KYC says to this viewer: open to a verified user whose approval
 * covers it, 'allows less' when it does not, else that verification is needed (guests too).
 */
function kycLine(level: MarketLevel): 'level.kyc' | 'level.kyc-ok' | 'level.kyc-too-low' {
  const reasons = level.mine?.reasons;
  if (!reasons) return 'level.kyc';
  if (reasons.includes('kyc-required')) return 'level.kyc';
  if (reasons.includes('kyc-level-too-low')) return 'level.kyc-too-low';
  return 'level.kyc-ok';
}

/** Silver / Gold / Platinum cards; the chosen one is `aria-pressed`. */
export function LevelPicker({
  levels,
  decimals,
  selected,
  onSelect,
}: {
  levels: readonly MarketLevel[];
  decimals: number;
  selected: NftType;
  onSelect: (level: NftType) => void;
}) {
  const { t } = useTranslation(NS);
  const fmt = useFormat();
  return (
    <Box
      role="group"
      aria-label={t('levels.label')}
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}
    >
      {levels.map((level) => {
        const active = level.level === selected;
        const color = LEVEL_COLORS[level.level];
        return (
          <ButtonBase
            key={level.level}
            focusRipple
            aria-pressed={active}
            data-testid={`market-level-${NFT_TYPE_NAMES[level.level].toLowerCase()}`}
            onClick={() => onSelect(level.level)}
            sx={{
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'flex-start',
              textAlign: 'left',
              gap: 0.5,
              p: 2.5,
              borderRadius: 4,
              border: 2,
              borderColor: active ? color : 'divider',
              bgcolor: active ? 'action.selected' : 'background.paper',
            }}
          >
            <Typography variant="overline" sx={{ color, fontWeight: 800, lineHeight: 1.5 }}>
              {t(`level.${level.level}`)}
            </Typography>
            <Typography variant="h5" component="span" sx={{ fontWeight: 800 }}>
              {fmt.amount(level.price, decimals)} USDT
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {level.mine?.token
                ? t('level.mine')
                : level.mine?.queuePosition != null
                  ? t('level.queued')
                  : level.kycRequired
                    ? t(kycLine(level))
                    : '\u00a0'}
            </Typography>
          </ButtonBase>
        );
      })}
    </Box>
  );
}
