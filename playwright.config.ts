import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/ensure-chromium.mjs';

const PORT = Number(process.env.E2E_PORT ?? 4310);
export const E2E_BASE_URL = `http://127.0.0.1:${PORT}`;
/** The iOS app's web export (apps/mobile), served beside the server by scripts/mobile-web-server.mjs. */
const MOBILE_PORT = Number(process.env.E2E_MOBILE_PORT ?? 4311);
export const E2E_MOBILE_URL = `http://127.0.0.1:${MOBILE_PORT}`;
const MOBILE_SPECS = /mobile-app\.spec\.ts$/;

// Debian's Chromium, launched the way this sandbox allows (no sandbox, no background network).
const chromiumLaunch = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS };

export default defineConfig({
  testDir: 'e2e',
  // Its own folder: Playwright empties it at start, and test-results/ also holds other reports.
  outputDir: 'test-results/playwright',
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/reports/playwright.json' }]],
  use: {
    baseURL: E2E_BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunch,
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: MOBILE_SPECS,
      use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunch },
    },
    {
      // The iOS app's web build at an iPhone's size (390×844), in the same Chromium.
      name: 'mobile',
      testMatch: MOBILE_SPECS,
      use: {
        browserName: 'chromium',
        baseURL: E2E_MOBILE_URL,
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 1,
        isMobile: true,
        hasTouch: true,
        launchOptions: chromiumLaunch,
      },
    },
  ],
  webServer: [
    {
      // The built product, exactly as `npm start` runs it, on a fresh database and chain.
      command: 'node scripts/e2e-server.mjs',
      url: `${E2E_BASE_URL}/api/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
      env: { E2E_PORT: String(PORT) },
    },
    {
      command: 'node scripts/mobile-web-server.mjs',
      url: `${E2E_MOBILE_URL}/`,
      timeout: 30_000,
      reuseExistingServer: false,
      env: { E2E_PORT: String(PORT), E2E_MOBILE_PORT: String(MOBILE_PORT) },
    },
  ],
});
