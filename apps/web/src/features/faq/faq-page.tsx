import { useState, type ReactNode, type SyntheticEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link, useLocation } from 'react-router';
import { isHydrating, useHydrated } from '../../lib/hydration.ts';
import { useTranslation } from '../../i18n/react.ts';
import { NS } from './i18n';
import RichText from '../../components/rich-text';
import { textValues as values } from '../../i18n/text-values.ts';
import { HouseAd } from '../../components/house-ad.tsx';
import { PageTitle } from '../../components/page-title.tsx';

export interface FaqTopic {
  id: string;
  q: string;
  a: string;
}

const idFromHash = (hash: string) => decodeURIComponent(hash.replace(/^#/, ''));

const EMAIL = /([\w.+-]+@[\w-]+(?:\.[\w-]+)+)/;

/** Text with its e-mail addresses as mailto links (plain elements, styled by the list). */
function withLinks(text: string): ReactNode[] {
  return text.split(EMAIL).map((part, index) =>
    index % 2 === 1 ? (
      <a key={index} href={`mailto:${part}`}>
        {part}
      </a>
    ) : (
      part
    ),
  );
}

/**
 * An answer as components/rich-text.tsx writes it (paragraphs split by a blank line, a block
 * of "• " lines as a list), in plain elements: 17 answers of MUI components were most of the
 * React tree the page hydrates on a phone (issue 17, Total Blocking Time).
 */
function Answer({ text }: { text: string }) {
  return text.split('\n\n').map((block, index) => {
    const lines = block.split('\n');
    if (lines.every((line) => line.startsWith('• '))) {
      return (
        <ul key={index}>
          {lines.map((line) => (
            <li key={line}>{withLinks(line.slice(2))}</li>
          ))}
        </ul>
      );
    }
    return <p key={index}>{withLinks(block)}</p>;
  });
}

/** The questions as native disclosures: they open without script, and hydrate as plain HTML. */
const topicsSx = {
  '& details': {
    bgcolor: 'background.paper',
    borderRadius: 2,
    mb: 1,
    scrollMarginTop: 80,
  },
  '& summary': {
    display: 'flex',
    alignItems: 'center',
    gap: 1,
    minHeight: 48,
    px: 2,
    cursor: 'pointer',
    listStyle: 'none',
    borderRadius: 2,
    '&::-webkit-details-marker': { display: 'none' },
    '&:hover': { bgcolor: 'action.hover' },
    '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
  },
  '& summary h2': {
    flex: 1,
    mx: 0,
    my: 1.5,
    typography: 'body1',
    fontWeight: 600,
    fontSize: '1.05rem',
  },
  '& summary svg': {
    flexShrink: 0,
    width: 24,
    height: 24,
    fill: 'currentColor',
    color: 'text.secondary',
    transition: 'transform 150ms',
  },
  '& details[open] > summary svg': { transform: 'rotate(180deg)' },
  '& [role="region"]': {
    px: 2,
    pt: 1,
    pb: 2,
    typography: 'body1',
    color: 'text.secondary',
    '& p': { m: 0, mb: 1.5, '&:last-child': { mb: 0 } },
    '& ul': { my: 1, pl: 3 },
    '& li': { mb: 0.5 },
    '& a': { color: 'primary.main' },
  },
} as const;

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

  // The browser opens and closes a disclosure itself; the state follows what it shows.
  const toggle = (id: string) => (event: SyntheticEvent<HTMLDetailsElement>) => {
    const expanded = event.currentTarget.open;
    setOpen((current) => {
      if (current.has(id) === expanded) return current;
      const next = new Set(current);
      if (expanded) next.add(id);
      else next.delete(id);
      return next;
    });
  };

  return (
    <Container maxWidth="md" data-testid="faq-page" sx={{ py: { xs: 4, lg: 8 } }}>
      <PageTitle>{t('title')}</PageTitle>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        {t('intro')}
      </Typography>
      <Box sx={topicsSx}>
        {topics.map((topic) => (
          <details
            key={topic.id}
            id={topic.id}
            data-testid="faq-topic"
            open={open.has(topic.id)}
            onToggle={toggle(topic.id)}
          >
            <summary id={`${topic.id}-question`}>
              {/* The topics sit right under the page's h1. */}
              <h2>{topic.q}</h2>
              <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d="M16.59 8.59 12 13.17 7.41 8.59 6 10l6 6 6-6z" />
              </svg>
            </summary>
            <div id={`${topic.id}-answer`} role="region" aria-labelledby={`${topic.id}-question`}>
              <Answer text={topic.a} />
            </div>
          </details>
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
