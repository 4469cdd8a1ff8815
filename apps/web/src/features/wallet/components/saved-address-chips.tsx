import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../i18n/react.ts';
import { useAddressBook } from '../api/address-book.ts';
import { NS } from '../i18n.ts';

/** The saved addresses as chips under the withdraw form's address: a click picks one. */
export function SavedAddressChips({ onPick }: { onPick: (address: string) => void }) {
  const { t } = useTranslation([NS, 'core']);
  const saved = useAddressBook().data?.addresses ?? [];
  if (saved.length === 0) return null;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <Typography variant="body2" color="text.secondary" sx={{ alignSelf: 'center' }}>
        {t('withdraw.saved')}
      </Typography>
      {saved.map((entry) => (
        <Chip
          key={entry.id}
          label={entry.label}
          title={entry.address}
          data-testid={`withdraw-saved-${entry.id}`}
          onClick={() => onPick(entry.address)}
        />
      ))}
    </Stack>
  );
}
