/**
 * The allow-list sanitiser for course introductions (rich text written by editors, shown with
 * innerHTML on the course page), through the maintained `sanitize-html` (htmlparser2) rather than
 * a hand-written tokeniser (issue 11 §4). The allow-list is unchanged:
 * - allowed elements: p, br, h3, h4, strong, em, ul, ol, li, span, img; others are dropped but
 *   their text is kept (escaped);
 * - script, style, iframe and friends are dropped together with their content;
 * - the only attributes kept are img's src (http, https, relative or protocol-relative) and alt;
 *   every on* handler, style, and javascript:/data: URL goes, and an image left without a source
 *   is dropped;
 * - text is escaped; comments and doctypes vanish; the output is balanced, so the fragment cannot
 *   break the page around it.
 */
import sanitize from 'sanitize-html';

const ALLOWED_TAGS = ['p', 'br', 'h3', 'h4', 'strong', 'em', 'ul', 'ol', 'li', 'span', 'img'];
/** Elements whose content is not text a learner should see, and may be code. */
const DROP_WITH_CONTENT = ['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript', 'textarea', 'title', 'xmp', 'noembed', 'noframes', 'svg', 'math', 'select', 'option'];

const OPTIONS: sanitize.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: { img: ['src', 'alt'] },
  allowedSchemes: ['http', 'https'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['src', 'href', 'cite'],
  allowProtocolRelative: true,
  disallowedTagsMode: 'discard',
  nonTextTags: DROP_WITH_CONTENT,
  selfClosing: ['br', 'img'],
  // An image without a usable source (it was javascript:, data:, or missing) shows nothing; a
  // leading backslash is how some browsers read "//", so it is not a relative path either.
  exclusiveFilter: (frame) => frame.tag === 'img' && (!frame.attribs.src || /^[\s\\]/.test(frame.attribs.src)),
};

export function sanitizeHtml(input: string): string {
  return sanitize(input, OPTIONS);
}
