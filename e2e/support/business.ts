import pg from 'pg';
import { e2eServerInfo } from './server.ts';

/**
 * Makes the user's business account approved, straight in the test server's database (the
 * embedded cluster): the campaigns walk starts from an approved venue; applying and review are
 * the business accounts' own walk.
 */
export async function approvedBusiness(
  userId: number,
  name: string,
  venue: { lat: number; lon: number } = { lat: 55.7558, lon: 37.6173 },
): Promise<void> {
  const { pgPort } = e2eServerInfo();
  const client = new pg.Client({
    connectionString: `postgres://postgres:postgres@localhost:${pgPort}/meeet`,
  });
  await client.connect();
  try {
    await client.query(
      `insert into businesses (owner_id, legal_name, registration_number, country, address,
         contact, category, status, venue_lat, venue_lon)
       values ($1, $2, 'RU-7700000000', 'RU', 'Tverskaya 1, Moscow', '+7 900 000 00 00', 'cafe',
         'approved', $3, $4)`,
      [userId, name, venue.lat, venue.lon],
    );
  } finally {
    await client.end();
  }
}
