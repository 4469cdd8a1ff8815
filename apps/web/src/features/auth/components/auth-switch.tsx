import { Link as RouterLink } from 'react-router';
import MuiLink from '@mui/material/Link';
import Typography from '@mui/material/Typography';

interface AuthSwitchProps {
  /** "No account yet?" */
  question: string;
  label: string;
  to: string;
  testId: string;
}

/** The line under an auth form that leads to its sibling page: login ⇄ registration. */
export function AuthSwitch({ question, label, to, testId }: AuthSwitchProps) {
  return (
    <Typography color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
      {question}{' '}
      <MuiLink component={RouterLink} to={to} data-testid={testId}>
        {label}
      </MuiLink>
    </Typography>
  );
}
