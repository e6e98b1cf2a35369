/** Build-time settings, parsed once. */
export const env = {
  /** Shown on the settings page when the server does not answer a version. */
  appVersion: (import.meta.env.VITE_APP_VERSION as string | undefined) ?? '0.1.0',
  /** Absolute origin of the API; empty means same origin (the server serves this app). */
  apiBase: ((import.meta.env.VITE_API_BASE as string | undefined) ?? '').replace(/\/$/, ''),
  isDev: import.meta.env.DEV,
} as const;
