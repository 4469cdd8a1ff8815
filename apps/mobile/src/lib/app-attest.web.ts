import type { AttestService } from './app-attest-types.ts';

/** Browsers have no App Attest: the web build meets by its fingerprint where the server allows. */
export const attestService: AttestService | null = null;
