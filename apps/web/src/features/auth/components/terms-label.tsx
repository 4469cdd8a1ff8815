import { Link as RouterLink } from 'react-router';
import MuiLink from '@mui/material/Link';
import { useTranslation } from '../../../i18n/react.ts';
import { paths } from '../../../app/paths.ts';
import { NS } from '../i18n.ts';

/** "I am 18 or older and accept the Terms of use and the Privacy policy", with both links. */
export function TermsLabel() {
  const { t } = useTranslation(NS);
  return (
    <>
      {t('register.terms-before')}
      <MuiLink component={RouterLink} to={paths.terms.getHref()} target="_blank">
        {t('register.terms-link')}
      </MuiLink>
      {t('register.terms-and')}
      <MuiLink component={RouterLink} to={paths.privacy.getHref()} target="_blank">
        {t('register.privacy-link')}
      </MuiLink>
    </>
  );
}
