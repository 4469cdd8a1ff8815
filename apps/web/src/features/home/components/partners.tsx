import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../i18n/react.ts';
import { NS } from '../i18n';

/**
 * "As featured in": made-up publication names set as text wordmarks. They are placeholders,
 * not real trademarks; replace them with real coverage (and permission) before launch.
 */
const WORDMARKS = [
  {
    name: 'The Daily Orbit',
    sx: { fontFamily: 'Georgia, serif', fontStyle: 'italic', fontWeight: 700 },
  },
  { name: 'NEARBY WEEKLY', sx: { fontWeight: 900, letterSpacing: 2 } },
  { name: 'citypulse', sx: { fontWeight: 300, letterSpacing: 1, textTransform: 'lowercase' } },
  { name: 'Mint & Main', sx: { fontFamily: 'Georgia, serif', fontWeight: 400 } },
  { name: 'BLOCKWIRE', sx: { fontFamily: 'monospace', fontWeight: 700, letterSpacing: 1 } },
] as const;

export default function Partners() {
  const { t } = useTranslation(NS);
  return (
    <Box component="section" aria-labelledby="home-partners-title" sx={{ py: { xs: 4, lg: 6 } }}>
      <Container maxWidth="lg">
        <Typography
          id="home-partners-title"
          component="h2"
          variant="overline"
          color="text.secondary"
          sx={{ display: 'block', textAlign: 'center', mb: 2, letterSpacing: 2 }}
        >
          {t('partners.title')}
        </Typography>
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            display: 'flex',
            flexWrap: 'wrap',
            justifyContent: 'center',
            alignItems: 'center',
            columnGap: { xs: 3, lg: 6 },
            rowGap: 2,
          }}
        >
          {WORDMARKS.map((mark) => (
            <Box
              component="li"
              key={mark.name}
              sx={{
                fontSize: { xs: '1.05rem', lg: '1.35rem' },
                color: 'text.secondary',
                opacity: 0.8,
                ...mark.sx,
              }}
            >
              {mark.name}
            </Box>
          ))}
        </Box>
      </Container>
    </Box>
  );
}
