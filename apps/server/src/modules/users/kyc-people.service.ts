import type { KycStatus } from '@meeet/core/enums';
import type { DbExecutor } from '../../db/client.ts';
import { usersRepository } from './users.repository.ts';
import type { UserRow } from './users.schema.ts';

/**
 * A user as identity verification sees them: who they are (the profile KYC checks), where to
 * write to them, and the `users.kyc_status` mirror. The users module's view, never its row.
 */
export interface KycPerson {
  id: number;
  email: string;
  locale: string;
  firstName: string | null;
  lastName: string | null;
  surName: string | null;
  domain: string | null;
  gender: number | null;
  bdate: Date | null;
  country: string | null;
  kycStatus: KycStatus;
}

function toKycPerson(row: UserRow): KycPerson {
  return {
    id: row.id,
    email: row.email,
    locale: row.locale,
    firstName: row.firstName,
    lastName: row.lastName,
    surName: row.surName,
    domain: row.domain,
    gender: row.gender,
    bdate: row.bdate,
    country: row.country,
    kycStatus: row.kycStatus as KycStatus,
  };
}

/**
 * What the KYC module (which decides the status) and media (KYC images are frozen while a
 * verification is under review) need of the users module. A call that must share the caller's
 * transaction takes its executor (docs/decisions.md, "Server module seams by what crosses them").
 */
export const kycPeople = {
  async find(db: DbExecutor, id: number): Promise<KycPerson | undefined> {
    const row = await usersRepository.findById(db, id);
    return row && toKycPerson(row);
  },

  /** The users among `ids` (those who vanished are left out), in no order. */
  async findMany(db: DbExecutor, ids: readonly number[]): Promise<KycPerson[]> {
    return (await usersRepository.findByIds(db, ids)).map(toKycPerson);
  },

  /** Moderation's last-name search: the ids of users whose last name starts with `prefix`. */
  idsWithLastNamePrefix(db: DbExecutor, prefix: string): Promise<number[]> {
    return usersRepository.idsWithLastNamePrefix(db, prefix);
  },

  /** The status mirror, the user's row locked until `tx` ends; undefined when there is no user. */
  lockStatus(tx: DbExecutor, userId: number): Promise<KycStatus | undefined> {
    return usersRepository.lockKycStatus(tx, userId);
  },

  /** Writes the status mirror in the caller's transaction; the user after. */
  async setStatus(tx: DbExecutor, userId: number, status: KycStatus): Promise<KycPerson> {
    return toKycPerson(await usersRepository.setKycStatus(tx, userId, status));
  },
};

export type KycPeople = typeof kycPeople;
