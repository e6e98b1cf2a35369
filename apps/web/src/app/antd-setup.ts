// antd-mobile's own CSS variables (radii, font sizes, …) load with the pages that use antd, not at
// start-up: home uses none of it, and our theme (styles/global.css) defines every --adm-color-*
// our own CSS reads.
import 'antd-mobile/es/global/global.css';
import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import { createRoot, type Root } from 'react-dom/client';

/**
 * antd-mobile v5 renders its imperative APIs (Dialog.show, Toast.show, …) with ReactDOM.render,
 * which React 19 removed. Give it createRoot (https://mobile.ant.design/guide/v5-for-19).
 */
type Container = (Element | DocumentFragment) & { __jfReactRoot?: Root };

export function setupAntdMobile(): void {
  unstableSetRender((node, container: Container) => {
    container.__jfReactRoot ??= createRoot(container);
    const root = container.__jfReactRoot;
    root.render(node);
    return async () => {
      // Let the close animation's last frame commit before unmounting.
      await new Promise((resolve) => setTimeout(resolve, 0));
      root.unmount();
      delete container.__jfReactRoot;
    };
  });
}
