/**
 * An order number as the money pages show it: the provider's 32-character numbers are cut to
 * their head and tail (the whole one in the tooltip, the copy button and the link), so tables keep
 * one line a row.
 */
import { Tooltip, Typography } from 'antd';
import { Link } from '../../../lib/router';

export function shortOrderNo(no: string): string {
  return no.length > 20 ? `${no.slice(0, 10)}…${no.slice(-6)}` : no;
}

const MONO = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 13 } as const;

/** `link`: to the orders list searched by this number; `what` names it (a transaction id, say). */
export function OrderNo({ no, link = false, what = '订单号' }: { no: string; link?: boolean; what?: string }) {
  if (!no) return <Typography.Text type="secondary">—</Typography.Text>;
  const short = shortOrderNo(no);
  const text = link ? (
    <Link to={`/orders?q=${encodeURIComponent(no)}`} style={MONO}>
      {short}
    </Link>
  ) : (
    <span style={MONO}>{short}</span>
  );
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      <Tooltip title={no}>{text}</Tooltip>
      <Typography.Text copyable={{ text: no, tooltips: [`复制${what}`, '已复制'] }} style={{ marginInlineStart: 2 }} />
    </span>
  );
}
