import type { ConfigContext, ExpoConfig } from 'expo/config';

// The iOS app's build configuration. `expo config --type public` runs in the tests, so a bad
// field fails there rather than on a Mac. Texts iOS shows in its permission prompts are given
// in English here and in Russian through the locales below (InfoPlist.strings).

const BUNDLE_ID = 'app.meeet.ios';

const permissionTexts = {
  NSLocationWhenInUseUsageDescription:
    'MEEET shows people with a raised hand near you. Others see only an area of about 100 m around you, never your exact position.',
  NSLocationAlwaysAndWhenInUseUsageDescription:
    'During a meeting MEEET keeps checking that you are still together, also with the phone in your pocket, so the meeting can mint a token. Only while a meeting is in progress.',
  NSBluetoothAlwaysUsageDescription:
    'MEEET uses Bluetooth to tell that your phones are within a few metres during a meeting. Nothing else is sent.',
  NSBluetoothPeripheralUsageDescription:
    'MEEET uses Bluetooth to tell that your phones are within a few metres during a meeting. Nothing else is sent.',
  NSCameraUsageDescription:
    "MEEET uses the camera to scan the QR code on your partner's phone at a meeting, and to take your profile photo or your verification photos when you choose to. Nothing is recorded otherwise.",
  NSPhotoLibraryUsageDescription:
    'MEEET opens your photo library only when you choose a profile photo, and reads only the photo you pick.',
  NSUserTrackingUsageDescription:
    'With your permission the free tier shows MEEET ads that match your profile (age, gender, mood). Without it the ads are general. Nothing is shared with other companies.',
};

export default ({ config }: ConfigContext): ExpoConfig => ({
  ...config,
  name: 'MEEET',
  slug: 'meeet',
  scheme: 'meeet',
  version: '1.0.0',
  orientation: 'portrait',
  icon: './assets/icon.png',
  userInterfaceStyle: 'dark',
  backgroundColor: '#0b0b0f',
  platforms: ['ios', 'web'],
  ios: {
    bundleIdentifier: BUNDLE_ID,
    buildNumber: '1',
    supportsTablet: false,
    usesAppleSignIn: true,
    config: { usesNonExemptEncryption: false },
    // App Attest (issue 39): the key that proves meetings is attested in Apple's production
    // environment; development builds may set MEEET_APP_ATTEST_ENV=development.
    entitlements: {
      'com.apple.developer.devicecheck.appattest-environment':
        process.env.MEEET_APP_ATTEST_ENV ?? 'production',
    },
    infoPlist: {
      ...permissionTexts,
      // Location during a meeting in progress; Bluetooth to advertise and hear proximity tokens.
      UIBackgroundModes: ['location', 'bluetooth-central', 'bluetooth-peripheral'],
      CFBundleAllowMixedLocalizations: true,
      CFBundleDevelopmentRegion: 'en',
      CFBundleLocalizations: ['en', 'ru'],
    },
  },
  locales: { en: './locales/en.json', ru: './locales/ru.json' },
  web: { bundler: 'metro', output: 'single', favicon: './assets/icon.png' },
  plugins: [
    'expo-router',
    [
      'expo-splash-screen',
      {
        image: './assets/splash.png',
        imageWidth: 200,
        resizeMode: 'contain',
        backgroundColor: '#0b0b0f',
      },
    ],
    'expo-secure-store',
    'expo-apple-authentication',
    // Push notifications (issue 43): adds the aps-environment entitlement; no sound files.
    'expo-notifications',
    // Spec §1 says iOS 16 or later; SDK 57 builds for 16.4 and later (every iPhone 8 updates to 16.7).
    ['expo-build-properties', { ios: { deploymentTarget: '16.4' } }],
    [
      'expo-location',
      {
        locationWhenInUsePermission: permissionTexts.NSLocationWhenInUseUsageDescription,
        locationAlwaysAndWhenInUsePermission:
          permissionTexts.NSLocationAlwaysAndWhenInUseUsageDescription,
        isIosBackgroundLocationEnabled: true,
      },
    ],
    // The partner's handshake QR is scanned with the camera; no microphone is ever used.
    [
      'expo-camera',
      {
        cameraPermission: permissionTexts.NSCameraUsageDescription,
        microphonePermission: false,
        recordAudioAndroid: false,
      },
    ],
    // Profile photos from the library or the camera (issue 43); never writes to the library.
    [
      'expo-image-picker',
      {
        photosPermission: permissionTexts.NSPhotoLibraryUsageDescription,
        cameraPermission: permissionTexts.NSCameraUsageDescription,
        microphonePermission: false,
      },
    ],
    // Personalised house ads of the free tier ask App Tracking Transparency first (issue 43).
    [
      'expo-tracking-transparency',
      { userTrackingPermission: permissionTexts.NSUserTrackingUsageDescription },
    ],
  ],
  experiments: { typedRoutes: false },
  extra: {
    // Where the app finds the server; the web build uses the page's own origin instead.
    apiUrl: process.env.MEEET_API_URL ?? 'http://localhost:3000',
    // The web build's street map: OpenFreeMap's keyless vector style unless overridden; an
    // empty value, or no network, leaves people on a plain dark background with a note.
    mapStyleUrl: process.env.MEEET_MAP_STYLE_URL ?? 'https://tiles.openfreemap.org/styles/liberty',
    webAppUrl: process.env.MEEET_WEB_URL ?? process.env.MEEET_API_URL ?? 'http://localhost:3000',
  },
});
