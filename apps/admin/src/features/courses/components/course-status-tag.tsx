import { Tag } from 'antd';

// Solid tags with white text: antd's light preset tags fall below 4.5:1 contrast.
const STATUS: Record<number, { label: string; colour: string }> = {
  1: { label: '已上架', colour: '#237804' },
  0: { label: '已下架', colour: '#595959' },
  2: { label: '未开始', colour: '#ad4e00' },
};

export const STATUS_OPTIONS = [
  { value: '1', label: '已上架' },
  { value: '0', label: '已下架' },
  { value: '2', label: '未开始' },
];

export function CourseStatusTag({ status }: { status: number }) {
  const s = STATUS[status] ?? { label: `状态 ${status}`, colour: '#595959' };
  return <Tag color={s.colour}>{s.label}</Tag>;
}
