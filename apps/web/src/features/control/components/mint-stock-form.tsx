import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../i18n/react.ts';
import { NFT_TYPES, nftTypeName, type NftType } from '@meeet/core/enums';
import { useMintStock } from '../api/mint-stock.ts';
import { NS } from '../i18n.ts';

const MAX_COUNT = 100;

/** Admin action: mint genesis tokens of a level into the market (served to its queue first). */
export function MintStockForm() {
  const { t } = useTranslation(NS);
  const [level, setLevel] = useState<NftType>(NFT_TYPES[0]);
  const [count, setCount] = useState('1');
  const mint = useMintStock();
  const countNumber = Number(count);
  const countValid = Number.isInteger(countNumber) && countNumber >= 1 && countNumber <= MAX_COUNT;
  const result = mint.data;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (countValid) mint.mutate({ level, count: countNumber });
  };

  return (
    <Paper variant="outlined" sx={{ p: 3, maxWidth: 520 }} component="form" onSubmit={submit}>
      <Typography variant="h6" component="h2" gutterBottom>
        {t('mint.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('mint.text')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          label={t('mint.level')}
          value={level}
          onChange={(event) => setLevel(Number(event.target.value) as NftType)}
          slotProps={{ htmlInput: { 'data-testid': 'mint-level' } }}
          sx={{ minWidth: 160 }}
        >
          {NFT_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {nftTypeName(type)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={t('mint.count')}
          type="number"
          value={count}
          onChange={(event) => setCount(event.target.value)}
          error={!countValid}
          helperText={countValid ? ' ' : t('mint.count-range', { max: MAX_COUNT })}
          slotProps={{ htmlInput: { min: 1, max: MAX_COUNT, 'data-testid': 'mint-count' } }}
        />
        <Button
          type="submit"
          variant="contained"
          disabled={!countValid || mint.isPending}
          data-testid="mint-submit"
          sx={{ alignSelf: { sm: 'flex-start' }, mt: { sm: 1 } }}
        >
          {mint.isPending ? t('mint.minting') : t('mint.submit')}
        </Button>
      </Stack>
      {result?.ok && (
        <Alert severity="success" data-testid="mint-result" sx={{ mt: 2 }}>
          {t('mint.done', {
            count: result.data.tokenIds.length,
            served: result.data.served,
            stock: result.data.stock,
          })}
        </Alert>
      )}
      {result && !result.ok && (
        <Alert severity="error" data-testid="mint-error" sx={{ mt: 2 }}>
          {result.error}
        </Alert>
      )}
    </Paper>
  );
}
