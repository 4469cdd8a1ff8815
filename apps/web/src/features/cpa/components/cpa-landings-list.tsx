import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useTranslation } from '../../../i18n/react.ts';
import { useCpaLandings } from '../api/cpa-landings.ts';
import { NS } from '../i18n.ts';

/** The landing pages partners can link to, with their full addresses. */
export function CpaLandingsList() {
  const { t } = useTranslation(NS);
  const landings = useCpaLandings();
  const origin = globalThis.location?.origin ?? '';
  return (
    <Stack component="ul" sx={{ m: 0, pl: 2 }}>
      {(landings.data ?? []).map((landing) => (
        <li key={landing.name}>
          {t(`links.landing.${landing.name}`)}:{' '}
          <Box component="a" href={`${origin}${landing.path}`} sx={{ color: 'primary.main' }}>
            {`${origin}${landing.path}`}
          </Box>
        </li>
      ))}
    </Stack>
  );
}
