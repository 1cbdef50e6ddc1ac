// Site flag wysiwyg (decisions 0056 and 0061): a description's allowed markup is drawn only with the
// flag, as elements (never markup a script could hide in); without it, its text alone.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RichText } from './rich-text';

const html =
  '<p>A <b>bold</b> film<script>alert(1)</script></p><ul><li>one</li></ul>' +
  '<a href="javascript:alert(1)">bad</a> <a href="https://x.test/" onclick="y()">good</a><img src=x onerror=alert(1)>';
const render = (rich: boolean, text = html) => renderToStaticMarkup(createElement(RichText, { text, rich }));

describe('RichText', () => {
  it('with wysiwyg, draws the allowed elements and safe links only', () => {
    expect(render(true)).toBe(
      '<div data-testid="description" data-rich=""><p>A <strong>bold</strong> film</p><ul><li>one</li></ul>' +
        'bad <a href="https://x.test/" rel="noopener nofollow" target="_blank">good</a></div>',
    );
  });

  it('without it, the text a reader sees and no markup at all', () => {
    const out = render(false);
    expect(out).toBe('<p data-testid="description">A bold film\none\nbad good</p>');
    expect(out).not.toMatch(/<(strong|a|script|img)/);
  });

  it('a plain description reads as before either way (React escapes the text)', () => {
    expect(render(false, 'Tom & Jerry <3')).toBe('<p data-testid="description">Tom &amp; Jerry &lt;3</p>');
    expect(render(true, 'Tom & Jerry <3')).toContain('Tom &amp; Jerry &lt;3');
  });
});
