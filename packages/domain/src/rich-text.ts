/**
 * Rich-text descriptions (site flag wysiwyg, D§1; decisions 0056 and 0061). A description may hold a
 * little HTML; this reads it into a tree of the allowed elements only — p, br, strong, em, ul, ol,
 * li, and a with an http(s) or mailto href — and drops everything else, keeping its text (the text
 * of script, style and embedded documents is dropped too). Clients render the tree as elements, never
 * as markup, so nothing in a description can run; the server stores the serialized tree.
 */
export type RichTag = 'p' | 'br' | 'strong' | 'em' | 'ul' | 'ol' | 'li' | 'a';
export type RichNode = string | { tag: RichTag; href?: string; children: RichNode[] };

const ALLOWED = new Set<string>(['p', 'br', 'strong', 'em', 'ul', 'ol', 'li', 'a']);
/** Also read as b and i. */
const ALIASES: Record<string, RichTag> = { b: 'strong', i: 'em' };
/** Elements whose content is not text a reader should see. */
const DROP_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'svg',
  'math',
  'noscript',
  'template',
  'object',
  'embed',
  'title',
  'head',
  'textarea',
  'select',
]);
const TOKEN = /<!--[\s\S]*?(?:-->|$)|<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Character references decoded (named ones the markup commonly uses, and numeric ones). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,6});/gi, (whole, ref: string) => {
    if (ref[0] !== '#') return NAMED[ref.toLowerCase()] ?? whole;
    const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : '';
  });
}

/**
 * The link target if it is http(s) or mailto, else undefined. Decoded first, and with the control
 * characters and blanks that browsers skip inside a URL removed (`java\tscript:` is javascript:).
 */
export function safeHref(raw: string): string | undefined {
  // eslint-disable-next-line no-control-regex -- control characters are what a browser skips
  const href = decodeEntities(raw).replace(/[\u0000-\u0020\u007f]/g, '');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(href)?.[1]?.toLowerCase();
  return scheme === 'http' || scheme === 'https' || scheme === 'mailto' ? href : undefined;
}

function hrefOf(attributes: string): string | undefined {
  const m = attributes.match(/(?:^|\s)href\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/i);
  const raw = m?.[1] ?? m?.[2] ?? m?.[3];
  return raw === undefined ? undefined : safeHref(raw);
}

/** The description as a tree of the allowed elements and text (see the module comment). */
export function parseRichText(html: string): RichNode[] {
  const root: { children: RichNode[] } = { children: [] };
  const stack: { tag: RichTag; href?: string; children: RichNode[] }[] = [];
  const top = () => stack[stack.length - 1] ?? root;
  const text = (t: string) => {
    if (!t) return;
    const decoded = decodeEntities(t);
    const kids = top().children;
    const last = kids[kids.length - 1];
    if (typeof last === 'string') kids[kids.length - 1] = last + decoded;
    else kids.push(decoded);
  };
  let at = 0;
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(html); m; m = TOKEN.exec(html)) {
    text(html.slice(at, m.index));
    at = TOKEN.lastIndex;
    if (m[2] === undefined) continue; // a comment
    const closing = m[1] === '/';
    const name = m[2].toLowerCase();
    if (!closing && DROP_WITH_CONTENT.has(name)) {
      const end = html.toLowerCase().indexOf(`</${name}`, at);
      const close = end < 0 ? -1 : html.indexOf('>', end);
      at = close < 0 ? html.length : close + 1;
      TOKEN.lastIndex = at;
      continue;
    }
    const tag = (ALIASES[name] ?? name) as RichTag;
    if (!ALLOWED.has(tag)) continue;
    if (tag === 'br') {
      if (!closing) top().children.push({ tag: 'br', children: [] });
      continue;
    }
    if (!closing) {
      const node: { tag: RichTag; href?: string; children: RichNode[] } = { tag, children: [] };
      if (tag === 'a') {
        // A link without a safe target is no link: its text stays in place.
        const href = hrefOf(m[3] ?? '');
        if (!href) continue;
        node.href = href;
      }
      top().children.push(node);
      stack.push(node);
      continue;
    }
    const open = stack.map((n) => n.tag).lastIndexOf(tag);
    if (open >= 0) stack.length = open;
  }
  text(html.slice(at));
  return root.children;
}

/** The text a reader sees, without any markup (the description where wysiwyg is off). */
export function richTextPlain(html: string): string {
  const walk = (nodes: RichNode[]): string =>
    nodes
      .map((n) =>
        typeof n === 'string'
          ? n
          : n.tag === 'br'
            ? '\n'
            : walk(n.children) + (n.tag === 'p' || n.tag === 'li' ? '\n' : ''),
      )
      .join('');
  return walk(parseRichText(html))
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const escapeText = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (t: string) => escapeText(t).replace(/"/g, '&quot;');

/** The sanitized description the server stores: the tree written back as HTML (links get rel). */
export function sanitizeRichText(html: string): string {
  const write = (nodes: RichNode[]): string =>
    nodes
      .map((n) => {
        if (typeof n === 'string') return escapeText(n);
        if (n.tag === 'br') return '<br>';
        const open =
          n.tag === 'a' && n.href ? `<a href="${escapeAttr(n.href)}" rel="noopener nofollow">` : `<${n.tag}>`;
        return `${open}${write(n.children)}</${n.tag}>`;
      })
      .join('');
  return write(parseRichText(html));
}
