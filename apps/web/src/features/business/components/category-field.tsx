import MenuItem from '@mui/material/MenuItem';
import { BusinessCategory } from '@meeet/core/enums';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { useTranslation } from '../../../i18n/react.ts';
import { NS } from '../i18n.ts';

/** The `category` field of a business or spot form: a select of every business category. */
export function CategoryField({ testId }: { testId: string }) {
  const { t } = useTranslation(NS);
  return (
    <FormTextField name="category" testId={testId} label={t('form.category')} select>
      {Object.values(BusinessCategory).map((value) => (
        <MenuItem key={value} value={value}>
          {t(`category.${value}`)}
        </MenuItem>
      ))}
    </FormTextField>
  );
}
