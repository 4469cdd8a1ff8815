import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import MuiLink from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react.ts';
import { NS } from './i18n';
import { textValues as values } from '../../i18n/text-values.ts';
import { PageTitle } from '../../components/page-title.tsx';
import { VisuallyHidden } from '../../components/visually-hidden.tsx';

interface Step {
  id: string;
  title: string;
  text: string;
}

/** FAQ topic that explains each step further (anchors of /help/faq). */
const FAQ_TOPIC: Record<string, string> = {
  install: 'who-can-join',
  'raise-hand': 'raise-a-hand',
  meet: 'how-meetings-work',
  'get-token': 'how-to-buy',
  verify: 'kyc',
  mint: 'when-can-i-mint',
  earn: 'seller-payout',
};

/** One numbered step, joined to the next by a line, with a link to its FAQ topic. */
function StepItem({ step, index }: { step: Step; index: number }) {
  const { t } = useTranslation(NS);
  const topic = FAQ_TOPIC[step.id];
  return (
    <Box
      component="li"
      id={step.id}
      sx={{
        position: 'relative',
        pl: { xs: 7, sm: 9 },
        pb: 4,
        scrollMarginTop: 80,
        // the line joining the step numbers
        '&:not(:last-child)::before': {
          content: '""',
          position: 'absolute',
          left: { xs: 19, sm: 23 },
          top: 48,
          bottom: 8,
          width: 2,
          bgcolor: 'divider',
        },
      }}
    >
      <Box
        aria-hidden="true"
        sx={{
          position: 'absolute',
          left: 0,
          top: 0,
          width: { xs: 40, sm: 48 },
          height: { xs: 40, sm: 48 },
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          fontWeight: 800,
          fontSize: '1.1rem',
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
        }}
      >
        {index + 1}
      </Box>
      <Typography variant="overline" color="text.secondary">
        {t('step.label', { n: index + 1 })}
      </Typography>
      <Typography component="h2" variant="h5" sx={{ fontWeight: 700, mb: 1 }}>
        {step.title}
      </Typography>
      <Typography color="text.secondary">{step.text}</Typography>
      {topic && (
        <MuiLink component={Link} to={`/help/faq#${topic}`} sx={{ display: 'inline-block', mt: 1 }}>
          {t('step.more')}
          <VisuallyHidden>{`: ${step.title}`}</VisuallyHidden>
        </MuiLink>
      )}
    </Box>
  );
}

/** The safety tips for meeting a stranger. */
function SafetyTips({ tips }: { tips: string[] }) {
  const { t } = useTranslation(NS);
  return (
    <Box
      component="section"
      aria-labelledby="safety"
      sx={{ mt: 2, p: 3, borderRadius: 3, bgcolor: 'background.paper' }}
    >
      <Typography id="safety" component="h2" variant="h5" sx={{ fontWeight: 700, mb: 1.5 }}>
        {t('safety.title')}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 3 }}>
        {tips.map((tip) => (
          <Typography component="li" key={tip} color="text.secondary" sx={{ mb: 0.75 }}>
            {tip}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}

/** Where to go next: the FAQ and the market. */
function MoreLinks() {
  const { t } = useTranslation(NS);
  return (
    <Box component="section" aria-labelledby="more" sx={{ mt: 5, textAlign: 'center' }}>
      <Typography id="more" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 2 }}>
        {t('more.title')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
        <Button component={Link} to="/help/faq" variant="outlined">
          {t('more.faq')}
        </Button>
        <Button component={Link} to="/market" variant="contained">
          {t('more.market')}
        </Button>
      </Stack>
    </Box>
  );
}

/** /help/how-to-meet: the steps of a meeting with their FAQ links, the safety tips, where next. */
export default function HowToMeetPage() {
  const { t } = useTranslation(NS);
  const steps = t('steps', { returnObjects: true, keySeparator: '.', ...values }) as Step[];
  const tips = t('safetyTips', { returnObjects: true, keySeparator: '.' }) as string[];
  return (
    <Container maxWidth="md" data-testid="how-to-meet-page" sx={{ py: { xs: 4, lg: 8 } }}>
      <PageTitle>{t('title')}</PageTitle>
      <Typography color="text.secondary" sx={{ mb: 5 }}>
        {t('intro')}
      </Typography>

      <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {steps.map((step, index) => (
          <StepItem key={step.id} step={step} index={index} />
        ))}
      </Box>

      <SafetyTips tips={tips} />

      <MoreLinks />
    </Container>
  );
}
