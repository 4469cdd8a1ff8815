import { cpaSettingsSchema } from '@meeet/core/api/cpa';
import { cpaPaths } from '@meeet/core/api/cpa-paths';
import { adminSetting } from '../../../lib/admin-setting.ts';
import { cpaKey } from './cpa-links.ts';

/** /cpa/settings: the payout per action and partner level; admins save it. */
export const cpaSettings = adminSetting({
  key: [...cpaKey, 'settings'],
  path: cpaPaths.settings,
  view: cpaSettingsSchema,
  input: cpaSettingsSchema,
});
