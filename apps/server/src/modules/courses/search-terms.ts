/**
 * Text side of the Chinese search (decision 005): how a course's searchable text and a learner's
 * keyword are normalised, and which grams go into `course_search_terms`. Pure functions; the
 * SQL lives in search-repository.ts.
 */

/** Longest keyword we search for, and how many space-separated words count. */
export const MAX_KEYWORD_CHARS = 50;
export const MAX_KEYWORD_WORDS = 5;

/**
 * NFKC folds full-width letters, digits and spaces (Ａ１ and U+3000) into their ASCII forms; lower-casing
 * makes Latin terms case-insensitive. The same function runs on the indexed text and the query.
 */
export function normalizeText(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

/**
 * What `searchableBody` puts in the index. Bump it whenever that changes: the app rebuilds an
 * existing database's index once, at its next start (ensureSearchIndex). 2: the subject name.
 */
export const SEARCH_BODY_VERSION = 2;

/**
 * The text indexed for a course: one field per line, so no gram spans two fields. The subject
 * name is in it so that a search for a subject (反洗钱) finds every course filed under it, even
 * when the course's own title does not say so.
 */
export function searchableBody(fields: { name: string; subtitle: string; lecturerName: string; subjectName: string; tagNames: readonly string[] }): string {
  return normalizeText([fields.name, fields.subtitle, fields.lecturerName, fields.subjectName, ...fields.tagNames].join('\n'));
}

/**
 * Every distinct 1- and 2-character gram of the body, within whitespace-separated segments.
 * A query word of one or two characters is then an exact lookup of one term.
 */
export function shortGrams(body: string): string[] {
  const grams = new Set<string>();
  for (const segment of body.split(/\s+/u)) {
    const chars = Array.from(segment);
    for (let i = 0; i < chars.length; i++) {
      const c = chars[i] as string;
      grams.add(c);
      const next = chars[i + 1];
      if (next !== undefined) grams.add(c + next);
    }
  }
  return [...grams];
}

export interface SearchWord {
  /** Normalised word. */
  text: string;
  /** 'short': 1–2 characters, looked up in course_search_terms; 'trigram': 3+ characters, through the trigram index. */
  kind: 'short' | 'trigram';
}

/** Splits a keyword into at most MAX_KEYWORD_WORDS distinct words; all must match. */
export function parseKeyword(keyword: string | undefined): SearchWord[] {
  if (!keyword) return [];
  const words = normalizeText(keyword)
    .split(/\s+/u)
    .filter((w) => w.length > 0);
  const unique = [...new Set(words)].slice(0, MAX_KEYWORD_WORDS);
  return unique.map((text) => ({ text, kind: Array.from(text).length < 3 ? 'short' : 'trigram' }));
}
