import { useState } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Link, useLocation } from 'react-router';
import { isHydrating, useHydrated } from '../../lib/hydration.ts';
import { useTranslation } from '../../i18n/react.ts';
import { NS } from './i18n';
import RichText from '../../components/rich-text';
import { values } from './values';
import { HouseAd } from '../../components/house-ad.tsx';

export interface FaqTopic {
  id: string;
  q: string;
  a: string;
}

const idFromHash = (hash: string) => decodeURIComponent(hash.replace(/^#/, ''));

export default function FaqPage() {
  const { t } = useTranslation(NS);
  const { hash } = useLocation();
  const topics = t('topics', { returnObjects: true, keySeparator: '.', ...values }) as FaqTopic[];

  // The topic named by the hash opens; adjusting state while rendering when the hash changes.
  // The prerendered page knew no hash: while hydrating it the topics start closed, and the
  // hash's topic opens right after (lib/hydration.ts).
  const hydrated = useHydrated();
  const [open, setOpen] = useState<ReadonlySet<string>>(
    () => new Set(isHydrating() ? [] : [idFromHash(hash)]),
  );
  const [seenHash, setSeenHash] = useState(isHydrating() ? '' : hash);
  if (hydrated && hash !== seenHash) {
    setSeenHash(hash);
    setOpen((current) => new Set(current).add(idFromHash(hash)));
  }

  const toggle = (id: string) => (_: unknown, expanded: boolean) =>
    setOpen((current) => {
      const next = new Set(current);
      if (expanded) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <Container maxWidth="md" data-testid="faq-page" sx={{ py: { xs: 4, lg: 8 } }}>
      <Typography
        variant="h3"
        component="h1"
        sx={{ fontWeight: 800, fontSize: { xs: '2rem', lg: '2.75rem' }, mb: 1 }}
      >
        {t('title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        {t('intro')}
      </Typography>
      <Box>
        {topics.map((topic) => (
          <Accordion
            key={topic.id}
            id={topic.id}
            data-testid="faq-topic"
            expanded={open.has(topic.id)}
            onChange={toggle(topic.id)}
            disableGutters
            // MUI wraps the summary in an h3; the topics sit right under the page's h1.
            slotProps={{ heading: { component: 'h2' } }}
            sx={{
              scrollMarginTop: 80,
              bgcolor: 'background.paper',
              '&::before': { display: 'none' },
              mb: 1,
              borderRadius: 2,
            }}
          >
            <AccordionSummary
              expandIcon={<ExpandMoreIcon />}
              id={`${topic.id}-question`}
              aria-controls={`${topic.id}-answer`}
            >
              <Typography component="span" sx={{ fontWeight: 600, fontSize: '1.05rem' }}>
                {topic.q}
              </Typography>
            </AccordionSummary>
            <AccordionDetails
              id={`${topic.id}-answer`}
              role="region"
              aria-labelledby={`${topic.id}-question`}
            >
              <RichText text={topic.a} />
            </AccordionDetails>
          </Accordion>
        ))}
      </Box>
      <Box
        component="aside"
        aria-labelledby="faq-more"
        sx={{ mt: 6, p: 3, borderRadius: 3, border: 1, borderColor: 'divider' }}
      >
        <Typography id="faq-more" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
          {t('moreTitle')}
        </Typography>
        <Box sx={{ mb: 2 }}>
          <RichText text={t('moreText', values)} />
        </Box>
        <Button component={Link} to="/support" variant="contained">
          {t('moreLink')}
        </Button>
      </Box>
      <HouseAd placement="faq" />
    </Container>
  );
}
