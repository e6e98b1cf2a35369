/**
 * Warns before unsaved edits are lost: the browser's own prompt when the tab is closed or
 * reloaded, and a confirm dialog when a link inside the console (side menu, breadcrumbs) is
 * clicked. The console's router has no blocking hook, so links are caught in the capture phase
 * before its Link handler navigates.
 */
import { App } from 'antd';
import { useEffect } from 'react';
import { BASE, navigate, stripBase } from '../../../lib/router';

export function useUnsavedGuard(dirty: boolean, message = '有未保存的修改，离开后这些修改会丢失。') {
  const { modal } = App.useApp();

  useEffect(() => {
    if (!dirty) return;
    const handleBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    const handleClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
      if (!anchor || (anchor.target && anchor.target !== '_self')) return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      if (url.pathname !== BASE && !url.pathname.startsWith(`${BASE}/`)) return;
      if (url.pathname === window.location.pathname && url.search === window.location.search) return;
      event.preventDefault();
      event.stopPropagation();
      modal.confirm({
        title: '放弃未保存的修改？',
        content: message,
        okText: '离开',
        cancelText: '留在此页',
        okButtonProps: { danger: true },
        onOk: () => navigate(stripBase(url.pathname) + url.search),
      });
    };
    window.addEventListener('beforeunload', handleBeforeUnload);
    document.addEventListener('click', handleClick, true);
    return () => {
      window.removeEventListener('beforeunload', handleBeforeUnload);
      document.removeEventListener('click', handleClick, true);
    };
  }, [dirty, message, modal]);
}
