import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../i18n/react.ts';
import { NS } from '../i18n';
import { textValues as values } from '../../../i18n/text-values.ts';

interface LoopStep {
  id: string;
  title: string;
  text: string;
}

export default function GameLoop() {
  const { t } = useTranslation(NS);
  const steps = t('loop', { returnObjects: true, keySeparator: '.', ...values }) as LoopStep[];
  return (
    <Box component="section" aria-labelledby="loop-title" sx={{ mb: { xs: 6, lg: 8 } }}>
      <Typography id="loop-title" component="h2" variant="h4" sx={{ fontWeight: 700, mb: 3 }}>
        {t('loop.title')}
      </Typography>
      <Box
        component="ol"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gap: { xs: 2, lg: 4 },
          gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' },
          counterReset: 'loop',
        }}
      >
        {steps.map((step, index) => (
          <Box
            component="li"
            key={step.id}
            id={step.id}
            sx={{
              position: 'relative',
              p: 3,
              borderRadius: 4,
              bgcolor: 'background.paper',
              border: 1,
              borderColor: 'divider',
              // arrow to the next step: down on mobile, right on wide screens
              '&:not(:last-child)::after': {
                content: '""',
                position: 'absolute',
                width: 14,
                height: 14,
                borderTop: 3,
                borderRight: 3,
                borderColor: 'primary.main',
                left: { xs: 'calc(50% - 7px)', md: 'auto' },
                right: { md: -22 },
                bottom: { xs: -14, md: 'auto' },
                top: { md: 'calc(50% - 7px)' },
                transform: { xs: 'rotate(135deg)', md: 'rotate(45deg)' },
              },
            }}
          >
            <Typography variant="overline" color="primary" sx={{ fontWeight: 800 }}>
              {`0${index + 1}`}
            </Typography>
            <Typography component="h3" variant="h5" sx={{ fontWeight: 800, mb: 1 }}>
              {step.title}
            </Typography>
            <Typography color="text.secondary">{step.text}</Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
