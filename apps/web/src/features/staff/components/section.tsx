import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ApiResult } from '../../../lib/api-client.ts';
import { paths } from '../../../app/paths.ts';
import { useTranslation } from '../../../i18n/react.ts';
import { NS } from '../i18n.ts';

/** One titled card of the user page. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** Label and value rows of a section. */
export function Facts({ rows }: { rows: ReadonlyArray<[string, ReactNode]> }) {
  return (
    <Stack component="dl" spacing={0.75} sx={{ m: 0 }}>
      {rows.map(([label, value]) => (
        <Stack key={label} direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
          <Typography component="dt" color="text.secondary" sx={{ minWidth: 200 }}>
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Stack>
      ))}
    </Stack>
  );
}

/** A section's call: loading, its refusal or failure said in place, else its content. */
export function Loaded<T>({
  query,
  children,
}: {
  query: { isPending: boolean; isError: boolean; data?: ApiResult<T> | undefined };
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation(NS);
  if (query.isPending) {
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
        <CircularProgress size={16} />
        <Typography>{t('section.loading')}</Typography>
      </Stack>
    );
  }
  const result = query.data;
  if (query.isError || !result) return <Alert severity="error">{t('section.error')}</Alert>;
  if (!result.ok) {
    return (
      <Alert severity="error">{result.error !== 'ERROR' ? result.error : t('section.error')}</Alert>
    );
  }
  return <>{children(result.data)}</>;
}

/** A person a row names: a link to their page, by nickname when they have one. */
export function PersonLink({ person }: { person: { id: number; nickname: string | null } }) {
  const { t } = useTranslation(NS);
  return (
    <Link component={RouterLink} to={paths.control.user.getHref(person.id)}>
      {person.nickname ?? t('user.title', { id: person.id })}
    </Link>
  );
}

/** Older and newer pages of a paged section. */
export function Pager({
  offset,
  limit,
  total,
  onOffset,
}: {
  offset: number;
  limit: number;
  total: number;
  onOffset: (offset: number) => void;
}) {
  const { t } = useTranslation(NS);
  if (total <= limit) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center' }}>
      <Button
        size="small"
        disabled={offset === 0}
        onClick={() => onOffset(Math.max(0, offset - limit))}
      >
        {t('section.newer')}
      </Button>
      <Typography variant="body2" color="text.secondary">
        {t('section.range', {
          from: offset + 1,
          to: Math.min(offset + limit, total),
          total,
        })}
      </Typography>
      <Button
        size="small"
        disabled={offset + limit >= total}
        onClick={() => onOffset(offset + limit)}
      >
        {t('section.older')}
      </Button>
    </Stack>
  );
}
