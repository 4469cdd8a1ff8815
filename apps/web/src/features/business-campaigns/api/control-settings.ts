import { campaignPriceSchema, campaignPriceSetSchema } from '@meeet/core/api/campaigns';
import { campaignsPaths } from '@meeet/core/api/campaigns-paths';
import { reviewRulesSchema, reviewRulesViewSchema } from '@meeet/core/api/review-rules';
import { reviewRulesPaths } from '@meeet/core/api/review-rules-paths';
import { reviewLimitsKey } from '../../../components/review-rules/use-review-limits.ts';
import { adminSetting } from '../../../lib/admin-setting.ts';

/** /control/review-rules: moderators read the rules, admins save them (the limits follow). */
export const reviewRulesSetting = adminSetting({
  key: ['control', 'review-rules'],
  path: reviewRulesPaths.control,
  view: reviewRulesViewSchema,
  input: reviewRulesSchema,
  feeds: [reviewLimitsKey],
});

/** /control/campaign-price: USDT smallest units per 1,000 impressions; admins set it. */
export const campaignPriceSetting = adminSetting({
  key: ['control', 'campaign-price'],
  path: campaignsPaths.price,
  view: campaignPriceSchema,
  input: campaignPriceSetSchema,
});
