import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  STAFF_REASON_MAX,
  STAFF_REASON_MIN,
  StaffAction,
  staffActionRequestSchema,
} from '@meeet/core/api/staff';
import { Role } from '@meeet/core/roles';
import { useTranslation } from '../../../i18n/react.ts';
import { useStaffAction } from '../api/take-staff-action.ts';
import { NS } from '../i18n.ts';

/** The role to give the user: every role but the one they have. */
function RoleSelect({
  value,
  onChange,
  currentRole,
}: {
  value: Role;
  onChange: (role: Role) => void;
  currentRole: Role;
}) {
  const { t } = useTranslation(NS);
  return (
    <TextField
      select
      label={t('dialog.role')}
      value={value}
      onChange={(event) => onChange(event.target.value as Role)}
    >
      {Object.values(Role)
        .filter((role) => role !== currentRole)
        .map((role) => (
          <MenuItem key={role} value={role}>
            {t(`role.${role}`)}
          </MenuItem>
        ))}
    </TextField>
  );
}

/**
 * One admin action on a user: what it does, the reason the audit keeps, and the server's
 * refusal shown in the dialog itself, where the admin is looking.
 */
export function StaffActionDialog({
  userId,
  name,
  action,
  currentRole,
  onDone,
  onClose,
}: {
  userId: number;
  name: string;
  action: StaffAction;
  currentRole: Role;
  onDone: (action: StaffAction) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(NS);
  const mutation = useStaffAction(userId);
  const [reason, setReason] = useState('');
  const [role, setRole] = useState<Role>(currentRole === Role.USER ? Role.MODERATOR : Role.USER);
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const onConfirm = async () => {
    setError(null);
    // The very schema the server validates with.
    const parsed = staffActionRequestSchema.safeParse(
      action === StaffAction.ROLE ? { action, reason, role } : { action, reason },
    );
    if (!parsed.success) {
      setReasonError(t('dialog.reason-short', { min: STAFF_REASON_MIN }));
      return;
    }
    setReasonError(null);
    const result = await mutation.mutateAsync({ userId, body: parsed.data });
    if (result.ok) onDone(action);
    else setError(result.error !== 'ERROR' ? result.error : t('dialog.error'));
  };

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{t(`dialog.title.${action}`, { name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <DialogContentText>{t(`dialog.effect.${action}`)}</DialogContentText>
          {action === StaffAction.ROLE && (
            <RoleSelect value={role} onChange={setRole} currentRole={currentRole} />
          )}
          <TextField
            label={t('dialog.reason')}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            required
            multiline
            minRows={2}
            error={reasonError !== null}
            helperText={
              reasonError ??
              t('dialog.reason-help', { min: STAFF_REASON_MIN, max: STAFF_REASON_MAX })
            }
            slotProps={{ htmlInput: { maxLength: STAFF_REASON_MAX } }}
            autoFocus
          />
          {error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('dialog.cancel')}</Button>
        <Button
          variant="contained"
          color={action === StaffAction.BAN ? 'error' : 'primary'}
          disabled={mutation.isPending}
          onClick={() => void onConfirm()}
        >
          {t('dialog.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
