export type AppEnv = 'development' | 'staging' | 'production';

function readAppEnv(): AppEnv {
  const value = import.meta.env.VITE_APP_ENV;
  return value === 'staging' || value === 'production' ? value : 'development';
}

export const APP_ENV: AppEnv = readAppEnv();

/** Spec §2/§6: the control area opens on the client only in these environments. */
export const CONTROL_AREA_ENVS: readonly AppEnv[] = ['development', 'staging'];
