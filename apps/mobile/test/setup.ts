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

// Push notifications (issue 43): iOS has granted them unless a test says otherwise.
jest.mock('expo-notifications', () => ({
  getPermissionsAsync: jest.fn(async () => ({ status: 'granted' })),
  requestPermissionsAsync: jest.fn(async () => ({ status: 'granted' })),
  getDevicePushTokenAsync: jest.fn(async () => ({ type: 'ios', data: 'ab'.repeat(32) })),
  setNotificationHandler: jest.fn(),
  addNotificationResponseReceivedListener: jest.fn(() => ({ remove: jest.fn() })),
}));

// App Tracking Transparency (issue 43): the user allows tracking unless a test says otherwise.
jest.mock('expo-tracking-transparency', () => ({
  requestTrackingPermissionsAsync: jest.fn(async () => ({ status: 'granted' })),
}));
