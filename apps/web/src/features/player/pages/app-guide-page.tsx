import { Page } from '../../../components/page.tsx';
import { Link } from '../../../lib/router.ts';
import { paths } from '../../../config/paths.ts';
import styles from './player-pages.module.css';

const STEPS_APP = ['点击右上角「···」', '选择「在浏览器打开」', '在浏览器中点击「打开App」；未安装时先下载金法课堂App', '用同一手机号登录，已购课程同步可学'];
const STEPS_IOS = ['在Safari中打开本页', '点击底部「分享」按钮', '选择「添加到主屏幕」，点击「添加」'];
const STEPS_ANDROID = ['在浏览器中打开本页', '点击菜单「⋮」或「≡」', '选择「添加到桌面」或「添加到主屏幕」'];

function Steps({ items }: { items: string[] }) {
  return (
    <ol className={styles.steps}>
      {items.map((text, i) => (
        <li key={text}>
          <span className={styles.stepNo}>{i + 1}</span>
          <span>{text}</span>
        </li>
      ))}
    </ol>
  );
}

/** /app/guide: how to open the course in the app, or keep the H5 app on the home screen. */
export function AppGuidePage() {
  return (
    <Page title="使用指南" background="grey">
      <section className={styles.card}>
        <h2 className={styles.cardTitle}>在金法课堂App中打开</h2>
        <p className={styles.hint}>App支持离线缓存、后台播放和更多课程。微信中无法直接打开App，请按以下步骤操作：</p>
        <Steps items={STEPS_APP} />
        <Link to={paths.gotoApp.getHref()} className={styles.primary}>
          前往下载App
        </Link>
      </section>
      <section className={styles.card}>
        <h2 className={styles.cardTitle}>添加到手机主屏幕</h2>
        <p className={styles.hint}>不安装App，也能像App一样从桌面一键进入：</p>
        <h3 className={styles.subTitle}>iPhone / iPad</h3>
        <Steps items={STEPS_IOS} />
        <h3 className={styles.subTitle}>安卓手机</h3>
        <Steps items={STEPS_ANDROID} />
      </section>
      <section className={styles.card}>
        <h2 className={styles.cardTitle}>播放有问题？</h2>
        <p className={styles.hint}>
          先做一次<Link to={paths.coursePlayTest.getHref()}>播放检测</Link>，看看本机是否支持视频播放。
        </p>
      </section>
    </Page>
  );
}
