import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react.ts';
import { NS } from './i18n';
import { textValues as values } from '../../i18n/text-values.ts';
import { LANDINGS, REWARD_ACTIONS, STATS } from './values';
import { PageTitle } from '../../components/page-title.tsx';

interface Step {
  title: string;
  text: string;
}

const code = {
  fontFamily: 'monospace',
  fontSize: '0.9em',
  px: 0.75,
  py: 0.25,
  borderRadius: 1,
  bgcolor: 'action.selected',
} as const;

/** A titled section of the page, reachable by its anchor. */
function Block({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box
      component="section"
      id={id}
      aria-labelledby={`${id}-title`}
      sx={{ mb: { xs: 5, lg: 7 }, scrollMarginTop: 80 }}
    >
      <Typography id={`${id}-title`} component="h2" variant="h4" sx={{ fontWeight: 700, mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** The buttons to the partner's cabinet and to registering. */
function Actions() {
  const { t } = useTranslation(NS);
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ alignItems: { sm: 'center' } }}
    >
      <Button component={Link} to="/account/cpa" variant="contained" size="large">
        {t('cta.cabinet')}
      </Button>
      <Button component={Link} to="/auth/register" variant="outlined" size="large">
        {t('cta.register')}
      </Button>
    </Stack>
  );
}

/** The partner's way in numbered steps. */
function HowSteps() {
  const { t } = useTranslation(NS);
  const steps = t('howSteps', { returnObjects: true, keySeparator: '.', ...values }) as Step[];
  return (
    <Box
      component="ol"
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
      }}
    >
      {steps.map((step, index) => (
        <Box
          component="li"
          key={step.title}
          sx={{ p: 3, borderRadius: 3, bgcolor: 'background.paper' }}
        >
          <Typography
            variant="overline"
            color="primary"
            sx={{ fontWeight: 800 }}
          >{`0${index + 1}`}</Typography>
          <Typography component="h3" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
            {step.title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {step.text}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** Each landing page's link, with the partner's link and click ids in place. */
function LinkFormats() {
  const { t } = useTranslation(NS);
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {LANDINGS.map((landing) => (
        <Box component="li" key={landing.key} sx={{ mb: 1.5 }}>
          <Typography sx={{ fontWeight: 600 }}>{t(`link.${landing.key}`)}</Typography>
          <Box component="code" sx={{ ...code, display: 'inline-block', wordBreak: 'break-all' }}>
            {`${origin}${landing.path}?cpa=LINK_ID&uid=CLICK_ID`}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/** /affiliates: how the partner programme works, its links, callbacks, statistics and rules. */
export default function AffiliatesPage() {
  const { t } = useTranslation(NS);
  return (
    <Container maxWidth="lg" data-testid="affiliates-page" sx={{ py: { xs: 4, lg: 8 } }}>
      <Box sx={{ mb: { xs: 5, lg: 8 }, maxWidth: 820 }}>
        <PageTitle mb={1.5}>{t('title')}</PageTitle>
        <Typography
          variant="h6"
          component="p"
          color="text.secondary"
          sx={{ fontWeight: 400, mb: 3 }}
        >
          {t('intro')}
        </Typography>
        <Actions />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {t('cta.note')}
        </Typography>
      </Box>

      <Block id="how-it-works" title={t('how.title')}>
        <HowSteps />
      </Block>

      <Block id="link-format" title={t('link.title')}>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('link.text')}
        </Typography>
        <LinkFormats />
      </Block>

      <Block id="callbacks" title={t('actions.title')}>
        <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 820 }}>
          {t('actions.text')}
        </Typography>
        <TermList terms={REWARD_ACTIONS} describe={(action) => t(`action.${action}`)} />
      </Block>

      <Block id="statistics" title={t('stats.title')}>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('stats.text', values)}
        </Typography>
        <TermList terms={STATS} describe={(stat) => t(`stat.${stat}`)} />
      </Block>

      <Block id="fair-play" title={t('rules.title')}>
        <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 820 }}>
          {t('rules.text')}
        </Typography>
        <Actions />
      </Block>
    </Container>
  );
}

/** A two-column list of wire names (as code) and what each means. */
function TermList({
  terms,
  describe,
}: {
  terms: readonly string[];
  describe: (term: string) => string;
}) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'auto 1fr' },
        columnGap: 3,
        rowGap: 1,
      }}
    >
      {terms.map((term) => (
        <Box key={term} sx={{ display: 'contents' }}>
          <Box component="dt" sx={{ mt: { xs: 1, sm: 0 } }}>
            <Box component="code" sx={code}>
              {term}
            </Box>
          </Box>
          <Box component="dd" sx={{ m: 0, color: 'text.secondary' }}>
            {describe(term)}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
