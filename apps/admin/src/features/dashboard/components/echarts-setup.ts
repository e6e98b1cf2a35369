/**
 * Only the parts of ECharts the dashboard draws (tree-shaken core, ~1/3 of the full build).
 * Imported dynamically by the trend chart, so it is its own chunk that no other page loads.
 */
import * as echarts from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { AriaComponent, GridSimpleComponent, LegendPlainComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([BarChart, LineChart, AriaComponent, GridSimpleComponent, LegendPlainComponent, TooltipComponent, CanvasRenderer]);

export { echarts };
