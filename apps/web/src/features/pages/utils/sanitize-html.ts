const ALLOWED = new Set([
  'P',
  'H2',
  'H3',
  'H4',
  'STRONG',
  'EM',
  'B',
  'I',
  'UL',
  'OL',
  'LI',
  'A',
  'BR',
  'BLOCKQUOTE',
]);

/**
 * An about tab's operator HTML reduced to text formatting: other elements keep only their text, every
 * attribute but an http(s) link's href goes. Runs in the browser (DOMParser).
 */
export function sanitizeHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const clean = (node: Element) => {
    for (const child of [...node.children]) {
      clean(child);
      if (!ALLOWED.has(child.tagName)) {
        if (child.tagName === 'SCRIPT' || child.tagName === 'STYLE') child.remove();
        else child.replaceWith(...child.childNodes);
        continue;
      }
      for (const attr of [...child.attributes]) {
        const keep = child.tagName === 'A' && attr.name === 'href' && /^https?:\/\//i.test(attr.value);
        if (!keep) child.removeAttribute(attr.name);
      }
      if (child.tagName === 'A') {
        child.setAttribute('target', '_blank');
        child.setAttribute('rel', 'noopener noreferrer');
      }
    }
  };
  clean(doc.body);
  return doc.body.innerHTML;
}
