import { Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { DashboardDay } from '../api/get-dashboard';
// Types only: the module itself is imported dynamically below.
import type { echarts } from './echarts-setup';

type EChartsModule = { echarts: typeof echarts };
type Chart = ReturnType<typeof echarts.init>;

function buildOption(series: DashboardDay[]) {
  return {
    // ECharts writes a text description of the series into the container's aria-label.
    aria: { enabled: true },
    color: ['#0958d9', '#d4380d', '#237804'],
    tooltip: { trigger: 'axis' as const },
    legend: { top: 0, textStyle: { color: '#262626' } },
    grid: { left: 56, right: 48, top: 40, bottom: 32 },
    xAxis: { type: 'category' as const, data: series.map((d) => d.day.slice(5)), axisLabel: { color: '#434343' } },
    yAxis: [
      { type: 'value' as const, name: '销售额（元）', axisLabel: { color: '#434343' }, nameTextStyle: { color: '#434343' } },
      { type: 'value' as const, name: '数量', minInterval: 1, axisLabel: { color: '#434343' }, nameTextStyle: { color: '#434343' } },
    ],
    series: [
      { name: '销售额', type: 'bar' as const, barMaxWidth: 28, data: series.map((d) => d.salesFen / 100) },
      { name: '订单', type: 'line' as const, yAxisIndex: 1, data: series.map((d) => d.orders) },
      { name: '新学员', type: 'line' as const, yAxisIndex: 1, data: series.map((d) => d.newLearners) },
    ],
  };
}

/** The dashboard's trend: ECharts, fetched only when this component first mounts. */
export function TrendChart({ series }: { series: DashboardDay[] }) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<Chart | null>(null);
  const [lib, setLib] = useState<EChartsModule | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let alive = true;
    import('./echarts-setup').then(
      (m) => alive && setLib(m),
      () => alive && setFailed(true),
    );
    return () => {
      alive = false;
    };
  }, []);

  useEffect(() => {
    if (!lib || !container.current) return;
    const instance = lib.echarts.init(container.current, undefined, { renderer: 'canvas' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(container.current);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, [lib]);

  useEffect(() => {
    chart.current?.setOption(buildOption(series), { notMerge: true });
  }, [series, lib]);

  if (failed) return <div className="chart-fallback">图表加载失败，请刷新页面重试。</div>;
  return (
    <div className="trend-chart-wrap">
      {!lib && (
        <div className="chart-loading">
          <Spin />
        </div>
      )}
      <div ref={container} className="trend-chart" role="img" aria-label="每日销售额、订单数和新学员数趋势图" data-testid="dashboard-chart" />
    </div>
  );
}
