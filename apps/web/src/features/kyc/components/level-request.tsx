import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { KycState } from '@meeet/core/api/kyc';
import { NFT_TYPES, nftTypeName, type NftType } from '@meeet/core/enums';
import { useTranslation } from '../../../i18n/react.ts';
import { useRequestLevel } from '../api/request-level.ts';
import { NS } from '../i18n.ts';

/**
 * A verified user whose approval allows less than they want asks for a higher level; the
 * approval stands while a moderator looks (spec §6: moderators set the maximum NFT tier).
 */
export function LevelRequest({ state }: { state: KycState }) {
  const { t } = useTranslation(NS);
  const request = useRequestLevel();
  const max = state.maxNftType ?? -1;
  const higher = NFT_TYPES.filter((level) => level > max);
  const [level, setLevel] = useState<NftType | ''>(higher[0] ?? '');
  const [error, setError] = useState<string | null>(null);
  if (higher.length === 0) return null;

  const onSubmit = async () => {
    if (level === '') return;
    setError(null);
    const result = await request.mutateAsync({ level });
    if (!result.ok) setError(result.error !== 'ERROR' ? result.error : t('error.generic'));
  };

  return (
    <Box
      id="level-request"
      component="section"
      aria-labelledby="kyc-level-request-title"
      data-testid="kyc-level-request"
      sx={{ mb: 3, p: { xs: 2, sm: 3 }, borderRadius: 3, bgcolor: 'background.paper' }}
    >
      <Typography id="kyc-level-request-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('level-request.title')}
      </Typography>
      {state.requestedNftType !== null ? (
        <Alert severity="info" data-testid="kyc-level-request-waiting">
          {t('level-request.waiting', { level: nftTypeName(state.requestedNftType) })}
        </Alert>
      ) : (
        <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
          <Typography color="text.secondary">
            {t('level-request.intro', {
              level: state.maxNftType === null ? '—' : nftTypeName(state.maxNftType),
            })}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ width: '100%' }}>
            <TextField
              select
              size="small"
              label={t('level-request.level')}
              value={level}
              onChange={(event) => setLevel(Number(event.target.value) as NftType)}
              sx={{ minWidth: 180 }}
              slotProps={{ htmlInput: { 'data-testid': 'kyc-level-request-level' } }}
            >
              {higher.map((option) => (
                <MenuItem key={option} value={option}>
                  {nftTypeName(option)}
                </MenuItem>
              ))}
            </TextField>
            <Button
              variant="contained"
              onClick={() => void onSubmit()}
              disabled={level === '' || request.isPending}
              data-testid="kyc-level-request-submit"
            >
              {t('level-request.submit')}
            </Button>
          </Stack>
          {error && (
            <Alert severity="error" role="alert" data-testid="kyc-level-request-error">
              {error}
            </Alert>
          )}
        </Stack>
      )}
    </Box>
  );
}
