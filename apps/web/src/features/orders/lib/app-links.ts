/** Where the native 金法课堂 App is downloaded or opened; set per deployment at build time. */
export const appLinks = {
  download: (import.meta.env.VITE_APP_DOWNLOAD_URL as string | undefined) || 'https://www.jinfaketang.com/app/download',
  open: (import.meta.env.VITE_APP_OPEN_URL as string | undefined) || 'https://www.jinfaketang.com/app/open',
} as const;
