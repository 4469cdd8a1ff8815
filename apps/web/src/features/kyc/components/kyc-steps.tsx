import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepContent from '@mui/material/StepContent';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { KycStatus } from '@meeet/core/enums';
import { canEditKycPhotos, currentKycStep, KYC_STEPS } from '@meeet/core/rules/kyc-status';
import { useTranslation } from '../../../i18n/react.ts';
import { paths } from '../../../app/paths.ts';
import type { KycState } from '@meeet/core/api/kyc';
import { useSubmitKyc } from '../api/submit-kyc.ts';
import { NS } from '../i18n.ts';
import { PhotoStep } from './photo-step.tsx';

/** Sends the application once every step is done (`again` after a rejection). */
function SubmitApplication({ ready, again }: { ready: boolean; again: boolean }) {
  const { t } = useTranslation(NS);
  const submit = useSubmitKyc();
  const queryClient = useQueryClient();
  const [submitError, setSubmitError] = useState<string | null>(null);

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
    <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      {ready && <Typography color="text.secondary">{t('submit.ready')}</Typography>}
      <Button
        variant="contained"
        disabled={!ready || submit.isPending}
        onClick={() => void onSubmit()}
        data-testid="kyc-submit"
      >
        {t(again ? 'submit.again' : 'submit.button')}
      </Button>
      {submitError && (
        <Alert severity="error" data-testid="kyc-submit-error">
          {submitError}
        </Alert>
      )}
    </Stack>
  );
}

/** The steps of spec §4 KYC: a complete profile, the document photo, the selfie, submitting. */
export function KycSteps({ state }: { state: KycState }) {
  const { t } = useTranslation(NS);
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

  return (
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
            <SubmitApplication
              ready={step === 'submit'}
              again={state.status === KycStatus.REJECTED}
            />
          )}
        </StepContent>
      </Step>
    </Stepper>
  );
}
