import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../i18n/react.ts';
import { NS } from '../i18n';
import { textValues as values } from '../../../i18n/text-values.ts';
import Section from './section';

interface Step {
  title: string;
  text: string;
}

const MOODS = [
  { key: 'romantic', color: '#ff6fa8' },
  { key: 'business', color: '#4dabf7' },
  { key: 'chat', color: '#ffd166' },
] as const;

/** One numbered step of how it works: its number, title and text. */
function StepCard({ step, index }: { step: Step; index: number }) {
  return (
    <Box
      component="li"
      sx={{
        p: 2.5,
        borderRadius: 3,
        bgcolor: 'background.paper',
        border: 1,
        borderColor: 'divider',
      }}
    >
      <Box
        aria-hidden="true"
        sx={{
          width: 36,
          height: 36,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          fontWeight: 700,
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          mb: 1.5,
        }}
      >
        {index + 1}
      </Box>
      <Typography component="h3" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
        {step.title}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {step.text}
      </Typography>
    </Box>
  );
}

/** The three moods a user can raise a hand in, each with its colour. */
function MoodChips() {
  const { t } = useTranslation(NS);
  return (
    <Stack
      direction="row"
      spacing={1.5}
      useFlexGap
      sx={{ mt: 4, flexWrap: 'wrap', alignItems: 'center' }}
    >
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, mr: 1 }}>
        {t('how.moods.title')}
      </Typography>
      {MOODS.map((mood) => (
        <Box
          key={mood.key}
          sx={{
            display: 'inline-flex',
            alignItems: 'center',
            gap: 1,
            px: 2,
            py: 0.75,
            borderRadius: 999,
            border: 1,
            borderColor: 'divider',
          }}
        >
          <Box
            aria-hidden="true"
            sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: mood.color }}
          />
          {t(`how.moods.${mood.key}`)}
        </Box>
      ))}
    </Stack>
  );
}

/** The home page's "how it works": the steps in a grid, then the moods. */
export default function HowItWorks() {
  const { t } = useTranslation(NS);
  const steps = t('howSteps', { returnObjects: true, keySeparator: '.', ...values }) as Step[];
  return (
    <Section id="how-it-works" title={t('how.title')}>
      <Box
        component="ol"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gap: { xs: 2, lg: 3 },
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(5, 1fr)' },
        }}
      >
        {steps.map((step, index) => (
          <StepCard key={step.title} step={step} index={index} />
        ))}
      </Box>
      <MoodChips />
    </Section>
  );
}
