import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/react.ts';
import { paths } from '../../../app/paths';
import { STORAGE_KEYS, writeStorage } from '../../../lib/storage';
import { NS } from '../i18n';
import { textValues as values } from '../../../i18n/text-values.ts';
import { LEVELS, levelPayout, levelPrice } from '../values';
import Section from './section';
import { VisuallyHidden } from '../../../components/visually-hidden.tsx';

export default function TokenLevels() {
  const { t } = useTranslation(NS);
  return (
    <Section id="token-levels" title={t('tokens.title')} tinted>
      <Typography color="text.secondary" sx={{ mb: 4, maxWidth: 760 }}>
        {t('tokens.intro', values)}
      </Typography>
      <Box
        sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}
      >
        {LEVELS.map((level) => (
          <Box
            component="article"
            key={level.key}
            aria-labelledby={`token-${level.key}`}
            data-testid={`home-token-${level.key}`}
            sx={{
              p: 3,
              borderRadius: 4,
              bgcolor: 'background.paper',
              border: 2,
              borderColor: level.color,
              display: 'flex',
              flexDirection: 'column',
              gap: 1.5,
            }}
          >
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
              <Box
                aria-hidden="true"
                sx={{
                  width: 40,
                  height: 46,
                  bgcolor: level.color,
                  clipPath: 'polygon(50% 0, 100% 25%, 100% 75%, 50% 100%, 0 75%, 0 25%)',
                }}
              />
              <Typography
                id={`token-${level.key}`}
                component="h3"
                variant="h5"
                sx={{ fontWeight: 800 }}
              >
                {t(`tokens.levels.${level.key}`)}
              </Typography>
            </Box>
            <Typography component="p" sx={{ fontSize: '2rem', fontWeight: 800, lineHeight: 1.1 }}>
              <VisuallyHidden>{t('tokens.priceLabel')}: </VisuallyHidden>
              {t('tokens.price', { price: levelPrice(level.type) })}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t(`tokens.descriptions.${level.key}`)}
            </Typography>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {t('tokens.payout', { payout: levelPayout(level.type) })}
            </Typography>
            {level.kyc && (
              <Typography variant="caption" color="text.secondary">
                {t('tokens.kyc')}
              </Typography>
            )}
            {/* The level travels as ?nft= and, for a guest sent to log in first, as the stored
                buying intent (Silver too: the spec's root rule keeps only a truthy nft). */}
            <Button
              component={Link}
              to={paths.market.getHref({ nft: level.type })}
              onClick={() => writeStorage(STORAGE_KEYS.buyingNftId, String(level.type))}
              variant="outlined"
              data-testid={`home-buy-${level.key}`}
              sx={{ mt: 'auto', alignSelf: 'flex-start' }}
            >
              {t('tokens.buy', { level: t(`tokens.levels.${level.key}`) })}
            </Button>
          </Box>
        ))}
      </Box>
    </Section>
  );
}
