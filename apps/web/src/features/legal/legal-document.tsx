import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import MuiLink from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../i18n/react.ts';
import { formatDate } from '@meeet/core/format/date';
import { resolveLocale } from '@meeet/core/i18n/locale';
import { NS } from './i18n';
import RichText from '../../components/rich-text';
import { EFFECTIVE_DATE, values } from './values';
import { PageTitle } from '../../components/page-title.tsx';

interface LegalSection {
  id: string;
  title: string;
  body: string;
}

/** A legal document: h1, effective date, contents linking to anchored sections. */
export default function LegalDocument({ doc }: { doc: 'terms' | 'privacy' }) {
  const { t, i18n } = useTranslation(NS);
  const sections = t(doc, { returnObjects: true, keySeparator: '.', ...values }) as LegalSection[];
  // A calendar day, the same everywhere: the language's one date format, in UTC.
  const date = formatDate(EFFECTIVE_DATE, resolveLocale(i18n.language), 'UTC');

  return (
    <Container maxWidth="md" data-testid={`${doc}-page`} sx={{ py: { xs: 4, lg: 8 } }}>
      <PageTitle>{t(`${doc}.title`)}</PageTitle>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
        <time dateTime={EFFECTIVE_DATE.toISOString().slice(0, 10)}>{t('updated', { date })}</time>
      </Typography>
      <Typography sx={{ mb: 4 }}>{t(`${doc}.intro`)}</Typography>
      <Box
        component="nav"
        aria-labelledby={`${doc}-contents`}
        sx={{ mb: 5, p: 3, borderRadius: 3, bgcolor: 'background.paper' }}
      >
        <Typography
          id={`${doc}-contents`}
          component="h2"
          variant="h6"
          sx={{ fontWeight: 700, mb: 1 }}
        >
          {t('contents')}
        </Typography>
        <Box
          component="ol"
          sx={{ listStyle: 'none', m: 0, p: 0, columns: { xs: 1, sm: 2 }, columnGap: 4 }}
        >
          {sections.map((section) => (
            <Box component="li" key={section.id} sx={{ py: 0.5, breakInside: 'avoid' }}>
              <MuiLink href={`#${section.id}`}>{section.title}</MuiLink>
            </Box>
          ))}
        </Box>
      </Box>
      {sections.map((section) => (
        <Box
          component="section"
          key={section.id}
          id={section.id}
          aria-labelledby={`${section.id}-title`}
          sx={{ mb: 4, scrollMarginTop: 80 }}
        >
          <Typography
            id={`${section.id}-title`}
            component="h2"
            variant="h5"
            sx={{ fontWeight: 700, mb: 1.5 }}
          >
            {section.title}
          </Typography>
          <RichText text={section.body} />
        </Box>
      ))}
    </Container>
  );
}
