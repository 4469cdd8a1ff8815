import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import QrCodeIcon from '@mui/icons-material/QrCode2';
import { QRCodeSVG } from 'qrcode.react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../i18n/react.ts';
import type { CpaLanding, CpaLink, CpaLinkWithSecret } from '@meeet/core/api/cpa';
import { formatTokenAmount } from '@meeet/core/format/number';
import { paths } from '../../app/paths.ts';
import { useCpaLandings } from './api/cpa-landings.ts';
import { useCpaLinks, useDeleteCpaLink, useRenewCpaSecret } from './api/cpa-links.ts';
import { CopyButton } from '../../components/copy-button.tsx';
import { LinkFormDialog } from './components/link-form-dialog.tsx';
import { SecretDialog } from './components/secret-dialog.tsx';
import { NS } from './i18n.ts';

/** The address a visitor opens: the landing with the link's code (spec §4 `cpa`). */
export function linkUrl(landing: CpaLanding, linkId: string): string {
  const origin = globalThis.location?.origin ?? '';
  return `${origin}${landing.path}?cpa=${encodeURIComponent(linkId)}`;
}

function LandingRow({ landing, link }: { landing: CpaLanding; link: CpaLink }) {
  const { t } = useTranslation(NS);
  const [qr, setQr] = useState(false);
  const url = linkUrl(landing, link.id);
  const name = t(`links.landing.${landing.name}`);
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ alignItems: { sm: 'center' } }}
    >
      <Typography variant="body2" sx={{ minWidth: 110, fontWeight: 600 }}>
        {name}
      </Typography>
      <Box
        component="code"
        sx={{ flex: 1, wordBreak: 'break-all', fontSize: '0.85rem' }}
        data-testid={`cpa-url-${landing.name}`}
      >
        {url}
      </Box>
      <Stack direction="row" spacing={1}>
        <CopyButton
          text={url}
          label={t('links.copy')}
          copiedLabel={t('links.copied')}
          ariaLabel={t('links.copy-url', { landing: name })}
        />
        <Button
          size="small"
          startIcon={<QrCodeIcon />}
          onClick={() => setQr(true)}
          aria-label={t('links.qr-title', { landing: name })}
        >
          {t('links.qr')}
        </Button>
      </Stack>
      {qr && (
        <Dialog open onClose={() => setQr(false)} aria-labelledby="cpa-qr-title">
          <DialogTitle id="cpa-qr-title">{t('links.qr-title', { landing: name })}</DialogTitle>
          <DialogContent sx={{ display: 'flex', justifyContent: 'center' }}>
            <Box sx={{ p: 2, bgcolor: '#fff', borderRadius: 1 }}>
              <QRCodeSVG value={url} size={220} role="img" aria-label={url} />
            </Box>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setQr(false)}>{t('links.close')}</Button>
          </DialogActions>
        </Dialog>
      )}
    </Stack>
  );
}

function LinkCard({
  link,
  landings,
  onEdit,
  onDelete,
  onSecret,
}: {
  link: CpaLink;
  landings: CpaLanding[];
  onEdit: () => void;
  onDelete: () => void;
  onSecret: (renewed: CpaLinkWithSecret) => void;
}) {
  const { t } = useTranslation(NS);
  const renew = useRenewCpaSecret();
  return (
    <Card variant="outlined" component="article" aria-label={t('links.card', { name: link.name })}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {link.name}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
          {link.callbackUrl ?? t('links.no-callback')}
        </Typography>
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {t('links.figures', {
            hits: link.stats.hits,
            regs: link.stats.regs,
            profit: formatTokenAmount(link.stats.profit),
          })}
        </Typography>
        <Stack spacing={1} sx={{ mt: 2 }}>
          {landings.map((landing) => (
            <LandingRow key={landing.name} landing={landing} link={link} />
          ))}
        </Stack>
      </CardContent>
      <CardActions>
        <Button onClick={onEdit}>{t('links.edit')}</Button>
        <Button
          onClick={async () => {
            const result = await renew.mutateAsync(link.id);
            if (result.ok) onSecret(result.data);
          }}
          disabled={renew.isPending}
        >
          {t('links.renew')}
        </Button>
        <Button color="error" onClick={onDelete}>
          {t('links.delete')}
        </Button>
      </CardActions>
    </Card>
  );
}

/** Spec §2 affiliate area: "Your affiliate links" with create, edit and delete. */
export default function AffiliateLinksPage() {
  const { t } = useTranslation(NS);
  const links = useCpaLinks();
  const landings = useCpaLandings();
  const remove = useDeleteCpaLink();
  const [editing, setEditing] = useState<CpaLink | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CpaLink | null>(null);
  const [secret, setSecret] = useState<string | null>(null);

  return (
    <Stack spacing={3} data-testid="cpa-links-page">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography variant="h4" component="h1">
          {t('links.title')}
        </Typography>
        <Stack direction="row" spacing={1}>
          <Button component={RouterLink} to={paths.cpa.getHref()}>
            {t('links.open-cabinet')}
          </Button>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
            {t('links.create')}
          </Button>
        </Stack>
      </Stack>
      <Typography color="text.secondary">{t('links.intro')}</Typography>
      {links.isPending ? (
        <CircularProgress aria-label={t('loading')} />
      ) : links.isError ? (
        <Alert severity="error">{t('load-error')}</Alert>
      ) : links.data.length === 0 ? (
        <Typography>{t('links.empty')}</Typography>
      ) : (
        links.data.map((link) => (
          <LinkCard
            key={link.id}
            link={link}
            landings={landings.data ?? []}
            onEdit={() => setEditing(link)}
            onDelete={() => setDeleting(link)}
            onSecret={(renewed) => setSecret(renewed.secret)}
          />
        ))
      )}
      {editing && (
        <LinkFormDialog
          link={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onCreated={(created) => setSecret(created.secret)}
        />
      )}
      {deleting && (
        <Dialog open onClose={() => setDeleting(null)} aria-labelledby="cpa-delete-title">
          <DialogTitle id="cpa-delete-title">{t('links.delete-title')}</DialogTitle>
          <DialogContent>{t('links.delete-text', { name: deleting.name })}</DialogContent>
          <DialogActions>
            <Button onClick={() => setDeleting(null)}>{t('links.cancel')}</Button>
            <Button
              color="error"
              variant="contained"
              disabled={remove.isPending}
              onClick={async () => {
                await remove.mutateAsync(deleting.id);
                setDeleting(null);
              }}
            >
              {t('links.delete')}
            </Button>
          </DialogActions>
        </Dialog>
      )}
      {secret && <SecretDialog secret={secret} onClose={() => setSecret(null)} />}
    </Stack>
  );
}
