/** Two-character compound surnames (复姓) the surname helper recognises (spec §5). */
export const COMPOUND_SURNAMES: readonly string[] = (
  '欧阳 太史 端木 上官 司马 东方 独孤 南宫 万俟 闻人 夏侯 诸葛 尉迟 公羊 赫连 澹台 皇甫 宗政 濮阳 ' +
  '公冶 太叔 申屠 公孙 慕容 仲孙 钟离 长孙 宇文 司徒 鲜于 司空 闾丘 子车 亓官 司寇 巫马 公西 颛孙 ' +
  '壤驷 公良 漆雕 乐正 宰父 谷梁 拓跋 夹谷 轩辕 令狐 段干 百里 呼延 东郭 南门 羊舌 微生 公户 公玉 ' +
  '公仪 梁丘 公仲 公上 公门 公山 公坚 左丘 公伯 西门 公祖 第五 公乘 贯丘 公皙 南荣 东里 东宫 仲长 ' +
  '子书 子桑 即墨 达奚 褚师 吴铭'
).split(' ');

const COMPOUND_SET = new Set(COMPOUND_SURNAMES);

/**
 * The surname shown in an avatar placeholder: a known compound surname when the name has at
 * least 3 characters and starts with one ("欧阳修" → "欧阳"), else the first character.
 */
export function getSurname(name: string | null | undefined): string {
  const chars = Array.from((name ?? '').trim());
  if (chars.length === 0) return '';
  if (chars.length >= 3) {
    const head = `${chars[0]}${chars[1]}`;
    if (COMPOUND_SET.has(head)) return head;
  }
  return chars[0] ?? '';
}
