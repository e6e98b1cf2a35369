import { useEffect } from 'react';
import { setPageShare } from '../lib/share-store.ts';
import type { ShareInput } from '../lib/share-data.ts';

/**
 * Sets what this page shares in WeChat (title, description, image, link); null while its data
 * loads. Leaving the page drops it, so the next page never shares this one's card.
 */
export function useShare(input: ShareInput | null): void {
  const { title, desc, image, link, courseId } = input ?? {};
  const ready = input != null;
  useEffect(() => {
    if (!ready) return undefined;
    setPageShare({ title, desc, image, link, courseId });
    return () => setPageShare(null);
  }, [ready, title, desc, image, link, courseId]);
}
