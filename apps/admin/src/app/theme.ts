import type { ThemeConfig } from 'antd';

/**
 * antd's default palette has text and accent colours below WCAG AA on white (#1677ff is 4.1:1,
 * the tertiary grey 3.5:1, #ff4d4f 3.3:1). These are the next darker shades of the same hues,
 * each at least 4.5:1 on white and on the #f5f5f5 page background (test/theme.test.ts checks).
 */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#0958d9',
    colorLink: '#0958d9',
    // antd derives hover shades LIGHTER than the base (3.6:1 on white for a hovered outlined
    // button's text); hover and active go darker instead.
    colorPrimaryHover: '#003eb3',
    colorPrimaryActive: '#002c8c',
    colorLinkHover: '#003eb3',
    colorLinkActive: '#002c8c',
    colorErrorHover: '#a8071a',
    colorErrorActive: '#820014',
    colorInfo: '#0958d9',
    colorSuccess: '#237804',
    colorWarning: '#ad4e00',
    colorError: '#cf1322',
    colorText: 'rgba(0, 0, 0, 0.88)',
    colorTextSecondary: '#4d4d4d',
    colorTextTertiary: '#595959',
    colorTextDescription: '#595959',
    colorTextPlaceholder: '#666666',
    colorTextQuaternary: '#666666',
    colorBgLayout: '#f5f5f5',
    borderRadius: 6,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Helvetica Neue', Arial, sans-serif",
  },
  components: {
    Layout: { siderBg: '#001529', headerBg: '#ffffff', headerPadding: '0 24px', headerHeight: 56 },
    // Dark menu text at 0.65 alpha on #001529 is 6.4:1; raise it a little for the submenu's darker bg.
    Menu: { darkItemColor: 'rgba(255, 255, 255, 0.8)', darkSubMenuItemBg: '#000c17' },
  },
};

/** Text colours the theme sets, for the contrast test. */
export const TEXT_COLOURS = [
  theme.token!.colorPrimary!,
  theme.token!.colorPrimaryHover!,
  theme.token!.colorPrimaryActive!,
  theme.token!.colorErrorHover!,
  theme.token!.colorSuccess!,
  theme.token!.colorWarning!,
  theme.token!.colorError!,
  theme.token!.colorTextSecondary!,
  theme.token!.colorTextTertiary!,
  theme.token!.colorTextPlaceholder!,
] as const;
