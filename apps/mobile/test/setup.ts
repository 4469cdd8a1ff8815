// The device's secure store is a Keychain on the phone; tests keep it in memory.
jest.mock('../src/lib/storage', () => {
  const items = new Map<string, string>();
  return {
    readItem: async (key: string) => items.get(key) ?? null,
    writeItem: async (key: string, value: string) => void items.set(key, value),
    removeItem: async (key: string) => void items.delete(key),
  };
});

// Native modules the screens reach that jest-expo does not stand in for.
jest.mock('expo-localization', () => ({
  getLocales: () => [{ languageTag: 'en-US', languageCode: 'en' }],
}));
jest.mock('expo-crypto', () => ({ randomUUID: () => `id-${Math.random().toString(16).slice(2)}` }));
jest.mock('expo-application', () => ({ getIosIdForVendorAsync: async () => 'vendor-id' }));
