import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepContent from '@mui/material/StepContent';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import VerifiedIcon from '@mui/icons-material/Verified';
import { useTranslation } from '../../i18n/react.ts';
import { KycStatus, nftTypeName } from '@meeet/core/enums';
import { canEditKycPhotos, currentKycStep, KYC_STEPS } from '@meeet/core/rules/kyc-status';
import { paths } from '../../app/paths.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { off, on } from '../../lib/socket.ts';
import { kycQueryKey, useKyc } from './api/get-kyc.ts';
import { useSubmitKyc } from './api/submit-kyc.ts';
import { LevelRequest } from './components/level-request.tsx';
import { PhotoStep } from './components/photo-step.tsx';
import { NS } from './i18n.ts';

const STATUS_COLOR = {
  draft: 'default',
  requested: 'info',
  approved: 'primary',
  rejected: 'warning',
  rejected_forever: 'error',
} as const;

const STATE_SEVERITY = {
  requested: 'info',
  approved: 'success',
  rejected: 'warning',
  rejected_forever: 'error',
} as const;

/**
 * A decision arrives over the shell's socket (which also shows it): read the new state and
 * the name lock.
 */
function useKycNotifications() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const listener = () => {
      void queryClient.invalidateQueries({ queryKey: kycQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['user', 'me'] });
    };
    on('notification', listener);
    return () => off('notification', listener);
  }, [queryClient]);
}

/** Spec §4 KYC: profile, document photo, selfie, submit; then the moderator's decision. */
export default function KycPage() {
  const { t } = useTranslation([NS, 'core']);
  const kyc = useKyc();
  const submit = useSubmitKyc();
  const queryClient = useQueryClient();
  const [submitError, setSubmitError] = useState<string | null>(null);
  useKycNotifications();

  if (kyc.isPending) return <PageSpinner />;
  if (!kyc.data) {
    return (
      <Container maxWidth="md" sx={{ py: 4 }}>
        <Alert severity="error">{t('load-error')}</Alert>
      </Container>
    );
  }
  const state = kyc.data;
  const editable = canEditKycPhotos(state.status);
  const step = currentKycStep({
    profileComplete: state.profileComplete,
    hasDocument: state.document !== null,
    hasSelfie: state.selfie !== null,
  });
  const activeStep = editable ? KYC_STEPS.indexOf(step) : KYC_STEPS.length;
  const done = {
    profile: state.profileComplete,
    document: state.document !== null,
    selfie: state.selfie !== null,
    submit: !editable,
  };

  const onSubmit = async () => {
    setSubmitError(null);
    const result = await submit.mutateAsync();
    if (!result.ok) {
      setSubmitError(result.error !== 'ERROR' ? result.error : t('error.generic'));
    } else {
      void queryClient.invalidateQueries({ queryKey: ['user', 'me'] });
    }
  };

  return (
    <Container maxWidth="md" data-testid="kyc-page" sx={{ py: { xs: 3, md: 5 } }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
          {t('title')}
        </Typography>
        {state.status === KycStatus.APPROVED && (
          <VerifiedIcon
            color="primary"
            titleAccess={t('verified')}
            data-testid="kyc-verified-badge"
            fontSize="large"
          />
        )}
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('intro')}
      </Typography>
      <Stack
        direction="row"
        spacing={1}
        role="group"
        aria-labelledby="kyc-status-label"
        sx={{ alignItems: 'center', mb: 3 }}
      >
        <Typography color="text.secondary" id="kyc-status-label">
          {t('status')}:
        </Typography>
        <Chip
          color={STATUS_COLOR[state.status]}
          label={t(`kyc.status.${state.status}`, { ns: 'core' })}
          data-testid="kyc-status"
          data-status={state.status}
        />
      </Stack>

      {state.status !== KycStatus.DRAFT && (
        <Alert severity={STATE_SEVERITY[state.status]} sx={{ mb: 3 }} data-testid="kyc-state">
          {t(`state.${state.status}`, {
            level: state.maxNftType === null ? '—' : nftTypeName(state.maxNftType),
          })}
          {state.moderatorComment && (
            <>
              <AlertTitle sx={{ mt: 1, mb: 0 }}>{t('moderator-comment')}</AlertTitle>
              <span data-testid="kyc-moderator-comment">{state.moderatorComment}</span>
            </>
          )}
        </Alert>
      )}

      {state.status === KycStatus.APPROVED && <LevelRequest state={state} />}

      <Stepper activeStep={activeStep} orientation="vertical" data-testid="kyc-stepper">
        <Step completed={done.profile} expanded>
          <StepLabel>{t('step.profile')}</StepLabel>
          <StepContent>
            {state.profileComplete ? (
              <Typography color="text.secondary">{t('profile.complete')}</Typography>
            ) : (
              <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
                <Typography color="text.secondary">{t('profile.incomplete')}</Typography>
                <Button component={RouterLink} to={paths.account.data.getHref()}>
                  {t('profile.go')}
                </Button>
              </Stack>
            )}
          </StepContent>
        </Step>
        <Step completed={done.document} expanded>
          <StepLabel>{t('step.document')}</StepLabel>
          <StepContent>
            <PhotoStep kind="document" media={state.document} editable={editable} />
          </StepContent>
        </Step>
        <Step completed={done.selfie} expanded>
          <StepLabel>{t('step.selfie')}</StepLabel>
          <StepContent>
            <PhotoStep kind="selfie" media={state.selfie} editable={editable} />
          </StepContent>
        </Step>
        <Step completed={done.submit} expanded>
          <StepLabel>{t('step.submit')}</StepLabel>
          <StepContent>
            {editable && (
              <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
                {step === 'submit' && (
                  <Typography color="text.secondary">{t('submit.ready')}</Typography>
                )}
                <Button
                  variant="contained"
                  disabled={step !== 'submit' || submit.isPending}
                  onClick={() => void onSubmit()}
                  data-testid="kyc-submit"
                >
                  {t(state.status === KycStatus.REJECTED ? 'submit.again' : 'submit.button')}
                </Button>
                {submitError && (
                  <Alert severity="error" data-testid="kyc-submit-error">
                    {submitError}
                  </Alert>
                )}
              </Stack>
            )}
          </StepContent>
        </Step>
      </Stepper>
    </Container>
  );
}
