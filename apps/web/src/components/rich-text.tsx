import { parseRichText, richTextPlain, type RichNode } from '@marquee/domain';
import { createElement, type ReactNode } from 'react';

function render(nodes: RichNode[]): ReactNode[] {
  return nodes.map((node, i) => {
    if (typeof node === 'string') return node;
    if (node.tag === 'br') return <br key={i} />;
    if (node.tag === 'a')
      return (
        <a key={i} href={node.href} rel="noopener nofollow" target="_blank">
          {render(node.children)}
        </a>
      );
    return createElement(node.tag, { key: i }, ...render(node.children));
  });
}

/**
 * A title's description (site flag wysiwyg, D§1; decisions 0056 and 0061). With `rich`, its allowed
 * elements (paragraphs, breaks, bold, italics, lists, http(s)/mailto links) are drawn as React
 * elements, never as markup, so nothing in it can run; without, its text only.
 */
export function RichText({ text, rich, className }: { text: string; rich: boolean; className?: string }) {
  if (!rich)
    return (
      <p className={className} data-testid="description">
        {richTextPlain(text)}
      </p>
    );
  return (
    <div className={className} data-testid="description" data-rich="">
      {render(parseRichText(text))}
    </div>
  );
}
