import type { KycStatus } from '@meeet/core/enums';
import { executorOf, type Tx } from '../../plugins/db.ts';
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
 * transaction takes its `Tx` (docs/decisions.md, "Server module seams by what crosses them").
 */
export const kycPeople = {
  async find(tx: Tx, id: number): Promise<KycPerson | undefined> {
    const row = await usersRepository.findById(executorOf(tx), id);
    return row && toKycPerson(row);
  },

  /** The users among `ids` (those who vanished are left out), in no order. */
  async findMany(tx: Tx, ids: readonly number[]): Promise<KycPerson[]> {
    return (await usersRepository.findByIds(executorOf(tx), ids)).map(toKycPerson);
  },

  /** Moderation's last-name search: the ids of users whose last name starts with `prefix`. */
  idsWithLastNamePrefix(tx: Tx, prefix: string): Promise<number[]> {
    return usersRepository.idsWithLastNamePrefix(executorOf(tx), prefix);
  },

  /** The status mirror, the user's row locked until `tx` ends; undefined when there is no user. */
  lockStatus(tx: Tx, userId: number): Promise<KycStatus | undefined> {
    return usersRepository.lockKycStatus(executorOf(tx), userId);
  },

  /** Writes the status mirror in the caller's transaction; the user after. */
  async setStatus(tx: Tx, userId: number, status: KycStatus): Promise<KycPerson> {
    return toKycPerson(await usersRepository.setKycStatus(executorOf(tx), userId, status));
  },
};

export type KycPeople = typeof kycPeople;
