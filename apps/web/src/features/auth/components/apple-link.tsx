import Button from '@mui/material/Button';
import AppleIcon from '@mui/icons-material/Apple';
import { userPaths } from '@meeet/core/api/user-paths';
import { API_BASE } from '../../../lib/api-client.ts';
import { useAppleStatus } from '../api/get-apple-status.ts';

/**
 * Spec §7 "browser redirect to /api/user/apple": a plain link, so the whole page goes to the
 * server, which sends it on to Apple and later back to /apple-login. Shown only where the
 * server has Sign in with Apple configured (nothing while that is still being asked).
 */
export function AppleLink({ label, testId }: { label: string; testId: string }) {
  const status = useAppleStatus();
  if (!status.data?.enabled) return null;
  return (
    <Button
      href={`${API_BASE}${userPaths.apple}`}
      variant="outlined"
      color="inherit"
      size="large"
      fullWidth
      startIcon={<AppleIcon />}
      data-testid={testId}
    >
      {label}
    </Button>
  );
}
