import { Alert, Button, Drawer, Flex, Space } from 'antd';
import { ExportOutlined, ReloadOutlined } from '@ant-design/icons';
import { useState } from 'react';
import type { SyntheticEvent } from 'react';

/** The H5 app's course page (apps/web src/config/paths.ts `courseDetail`). */
export function learnerCourseUrl(courseId: number): string {
  return `/course/detail?courseId=${courseId}`;
}

export interface PhonePreviewProps {
  open: boolean;
  onClose: () => void;
  courseId: number;
  title: string;
  onShelf: boolean;
}

/** The learner's course page in a 390×844 frame (an iPhone 14's CSS size), as a phone shows it. */
export function PhonePreview({ open, onClose, courseId, title, onShelf }: PhonePreviewProps) {
  // Bumping the key reloads the frame (after a save, say).
  const [reloads, setReloads] = useState(0);
  // The learner pages may refuse to be framed (CSP frame-ancestors): then offer a phone-sized window.
  const [blocked, setBlocked] = useState(false);
  const url = learnerCourseUrl(courseId);
  const openWindow = () => window.open(url, 'jf-phone-preview', 'popup,width=390,height=844');
  const handleLoad = (event: SyntheticEvent<HTMLIFrameElement>) => {
    try {
      // A refused frame shows the browser's error page, whose origin is opaque: reading it throws.
      const href = event.currentTarget.contentWindow?.location.href;
      setBlocked(!href || href.startsWith('chrome-error:'));
    } catch {
      setBlocked(true);
    }
  };
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title="手机预览"
      size={470}
      destroyOnHidden
      extra={
        <Space>
          <Button
            icon={<ReloadOutlined />}
            onClick={() => {
              setBlocked(false);
              setReloads((n) => n + 1);
            }}
          >
            刷新
          </Button>
          <Button icon={<ExportOutlined />} onClick={openWindow}>
            新窗口打开
          </Button>
        </Space>
      }
    >
      <Flex vertical align="center" gap={12}>
        {!onShelf && (
          <Alert
            type="warning"
            showIcon
            title="课程尚未上架"
            description="学员现在打不开这门课程，预览会显示“课程已下架”；上架后再预览即可看到学员看到的页面。"
            style={{ width: 390 }}
          />
        )}
        {blocked && (
          <Alert
            type="info"
            showIcon
            title="学员端页面不允许嵌入后台显示"
            description="请点击右上角的“新窗口打开”，在手机尺寸的窗口里预览。"
            style={{ width: 390 }}
          />
        )}
        <div className="phone-frame" hidden={blocked}>
          <iframe
            key={reloads}
            src={url}
            title={`《${title}》学员端预览`}
            width={390}
            height={844}
            className="phone-frame-screen"
            onLoad={handleLoad}
          />
        </div>
      </Flex>
    </Drawer>
  );
}
