/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** 'development' | 'staging' | 'production'; gates the client side of the control area. */
  readonly VITE_APP_ENV?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
