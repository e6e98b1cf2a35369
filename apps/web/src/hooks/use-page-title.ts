import { useEffect } from 'react';

export const APP_NAME = '金法课堂';

/** The messaging app's in-app browser shows document.title as its header. */
export function usePageTitle(title?: string): void {
  useEffect(() => {
    document.title = title && title !== APP_NAME ? `${title} - ${APP_NAME}` : APP_NAME;
  }, [title]);
}
