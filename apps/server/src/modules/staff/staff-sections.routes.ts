import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@meeet/core/api/errors';
import { staffUserParamsSchema } from '@meeet/core/api/staff';
import { StaffSection, staffPaths } from '@meeet/core/api/staff-paths';
import {
  staffCpaSectionSchema,
  staffKycSectionSchema,
  staffLedgerSectionSchema,
  staffMeetingsSectionSchema,
  staffPageQuerySchema,
  staffReferralSectionSchema,
  staffReportsSectionSchema,
} from '@meeet/core/api/staff-sections';
import { Role } from '@meeet/core/roles';
import { routeOptions } from '../../lib/route-options.ts';
import { authOf } from '../../plugins/auth.ts';
import type { StaffSections } from './staff-sections.service.ts';

const tags = ['staff'];
const refusals = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const path = (section: StaffSection) => staffPaths.section(':userId', section);
const params = staffUserParamsSchema;

type Sections = { sections: StaffSections };

/** What moderators read too: KYC, meetings, reports. */
const moderatorSections: FastifyPluginAsyncZod<Sections> = async (app, { sections }) => {
  const moderator = routeOptions(tags, app.requireRole(Role.MODERATOR));

  app.get(
    path(StaffSection.KYC),
    moderator("A user's KYC: each submission and decision, who made it and why", {
      params,
      response: { 200: staffKycSectionSchema, ...refusals },
    }),
    (request) => sections.kyc(authOf(request), request.params.userId),
  );

  app.get(
    path(StaffSection.MEETINGS),
    moderator("A user's meetings with their outcome, newest first", {
      params,
      querystring: staffPageQuerySchema,
      response: { 200: staffMeetingsSectionSchema, ...refusals },
    }),
    (request) => sections.meetings(authOf(request), request.params.userId, request.query),
  );

  app.get(
    path(StaffSection.REPORTS),
    moderator('Reports a user made and received', {
      params,
      response: { 200: staffReportsSectionSchema, ...refusals },
    }),
    (request) => sections.reports(authOf(request), request.params.userId),
  );
};

/** The money: admins only. */
const adminSections: FastifyPluginAsyncZod<Sections> = async (app, { sections }) => {
  const admin = routeOptions(tags, app.requireRole(Role.ADMIN));

  app.get(
    path(StaffSection.LEDGER),
    admin("A user's wallet ledger, newest first (admins)", {
      params,
      querystring: staffPageQuerySchema,
      response: { 200: staffLedgerSectionSchema, ...refusals },
    }),
    (request) => sections.ledger(authOf(request), request.params.userId, request.query),
  );

  app.get(
    path(StaffSection.REFERRAL),
    admin("A user's referral standing: level, referrer, counts, income (admins)", {
      params,
      response: { 200: staffReferralSectionSchema, ...refusals },
    }),
    (request) => sections.referral(authOf(request), request.params.userId),
  );

  app.get(
    path(StaffSection.CPA),
    admin("A user's affiliate links and their totals (admins)", {
      params,
      response: { 200: staffCpaSectionSchema, ...refusals },
    }),
    (request) => sections.cpa(authOf(request), request.params.userId),
  );
};

/** The sections of a user's page, one call each (docs/decisions.md). */
export const staffSectionRoutes: FastifyPluginAsyncZod = async (app) => {
  const sections = app.staffSections;
  await app.register(moderatorSections, { sections });
  await app.register(adminSections, { sections });
};
