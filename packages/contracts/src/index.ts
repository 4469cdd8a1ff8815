// Contracts arrive with the chain issue; the workspace exists so the layout is complete.
export const CONTRACTS_PACKAGE = '@meeet/contracts';
