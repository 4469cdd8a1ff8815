import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../i18n/react.ts';
import { NS } from '../i18n';
import { textValues as values } from '../../../i18n/text-values.ts';
import Section from './section';

interface Item {
  title: string;
  text: string;
}

export default function Earn() {
  const { t } = useTranslation(NS);
  const items = t('earnItems', { returnObjects: true, keySeparator: '.', ...values }) as Item[];
  return (
    <Section id="earn" title={t('earn.title')}>
      <Box
        sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}
      >
        {items.map((item) => (
          <Box key={item.title} sx={{ p: 3, borderRadius: 3, border: 1, borderColor: 'divider' }}>
            <Typography component="h3" variant="h6" color="primary" sx={{ fontWeight: 800, mb: 1 }}>
              {item.title}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {item.text}
            </Typography>
          </Box>
        ))}
      </Box>
    </Section>
  );
}
