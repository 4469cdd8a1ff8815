// Component and logic tests (jest-expo, iOS platform, @testing-library/react-native).
// packages/core and packages/client are compiled from source like the app's own files; their
// bare imports resolve from this app's node_modules, exactly as Metro resolves them.
const path = require('node:path');

const fromApp = (name) => path.dirname(require.resolve(`${name}/package.json`));

module.exports = {
  preset: 'jest-expo/ios',
  setupFiles: ['<rootDir>/test/setup.ts'],
  testMatch: ['<rootDir>/**/*.test.{ts,tsx}'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/e2e/'],
  // A suite's first test also pays the cold transform of React Native and core; on a busy
  // 2-core CI machine that alone passed Jest's 5 s default.
  testTimeout: 30_000,
  moduleNameMapper: {
    '^@meeet/core/(.*)$': '<rootDir>/../../packages/core/src/$1',
    '^@meeet/client/(.*)$': '<rootDir>/../../packages/client/src/$1',
    '^zod$': fromApp('zod'),
  },
  transformIgnorePatterns: [
    'node_modules/(?!((jest-)?react-native|@react-native(-community)?)|expo(nent)?|@expo(nent)?/.*|@expo-google-fonts/.*|react-navigation|@react-navigation/.*|@unimodules/.*|unimodules|sentry-expo|native-base|react-native-svg|@tanstack/.*|@noble/.*|viem|ox|abitype|supercluster|kdbush)',
  ],
};
