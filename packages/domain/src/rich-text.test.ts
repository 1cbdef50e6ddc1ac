import { describe, expect, it } from 'vitest';
import { parseRichText, richTextPlain, safeHref, sanitizeRichText } from './rich-text';

describe('rich-text descriptions (flag wysiwyg, decisions 0056 and 0061)', () => {
  it('keeps the allowed elements: p, br, strong (b), em (i), ul, ol, li and http(s)/mailto links', () => {
    expect(
      sanitizeRichText(
        '<p>A <b>bold</b> and <i>quiet</i> film.<br/>Cast:</p><ul><li>One</li><li>Two</li></ul><ol><li>x</li></ol>' +
          '<p><a href="https://example.com/a?b=1&amp;c=2" target="_blank">site</a> <a href="mailto:hi@example.com">mail</a></p>',
      ),
    ).toBe(
      '<p>A <strong>bold</strong> and <em>quiet</em> film.<br>Cast:</p><ul><li>One</li><li>Two</li></ul><ol><li>x</li></ol>' +
        '<p><a href="https://example.com/a?b=1&amp;c=2" rel="noopener nofollow">site</a> <a href="mailto:hi@example.com" rel="noopener nofollow">mail</a></p>',
    );
  });

  it('keeps plain text as it is (a description with no markup)', () => {
    expect(parseRichText('Tom & Jerry <3, 2 < 5 > 1')).toEqual(['Tom & Jerry <3, 2 < 5 > 1']);
    expect(richTextPlain('Tom & Jerry <3')).toBe('Tom & Jerry <3');
  });

  describe('drops what could run or load, keeping ordinary text', () => {
    const cases: [string, string][] = [
      ['<p>hi<script>alert(1)</script></p>', '<p>hi</p>'],
      ['<SCRIPT src="//evil.test/x.js"></SCRIPT>ok', 'ok'],
      ['<script>never closed', ''],
      ['<p onclick="alert(1)" onmouseover=alert(1)>text</p>', '<p>text</p>'],
      ['<img src=x onerror=alert(1)>caption', 'caption'],
      ['<a href="javascript:alert(1)">x</a>', 'x'],
      ['<a href="  JaVaScRiPt:alert(1)">x</a>', 'x'],
      ['<a href="java\tscript:alert(1)">x</a>', 'x'],
      ['<a href="&#106;avascript:alert(1)">x</a>', 'x'],
      ['<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>', 'x'],
      ['<a href="vbscript:msgbox(1)">x</a>', 'x'],
      ['<a href="/relative">x</a>', 'x'],
      ['<svg onload=alert(1)><circle/></svg>after', 'after'],
      ['<iframe src="https://evil.test"></iframe>after', 'after'],
      ['<p style="background:url(javascript:alert(1))">styled</p>', '<p>styled</p>'],
      ['<style>p{color:red}</style><p>x</p>', '<p>x</p>'],
      [
        '<a href="https://ok.test" style="x" onclick="y">ok</a>',
        '<a href="https://ok.test" rel="noopener nofollow">ok</a>',
      ],
      ['<!-- <script>alert(1)</script> -->fine', 'fine'],
      ['<div><span class="x">kept text</span></div>', 'kept text'],
      ['&lt;script&gt;alert(1)&lt;/script&gt;', '&lt;script&gt;alert(1)&lt;/script&gt;'],
      [
        '<a href="https://x.test/" title=\'">\'>t</a>',
        '<a href="https://x.test/" rel="noopener nofollow">t</a>',
      ],
    ];
    for (const [input, output] of cases)
      it(JSON.stringify(input), () => expect(sanitizeRichText(input)).toBe(output));
  });

  it('sanitizing is stable: the stored form reads back the same', () => {
    const once = sanitizeRichText(
      '<p>a <b>b</b> <a href="https://x.test/?a=1&b=2">l</a><br>c</p><ul><li>d</ul>',
    );
    expect(sanitizeRichText(once)).toBe(once);
  });

  it('the plain form is the text a reader sees, lines for paragraphs and breaks', () => {
    expect(richTextPlain('<p>One <strong>two</strong></p><p>Three<br>four</p><script>x</script>')).toBe(
      'One two\nThree\nfour',
    );
  });

  it('safeHref accepts http(s) and mailto only', () => {
    expect(safeHref('https://a.test/x')).toBe('https://a.test/x');
    expect(safeHref('HTTP://a.test')).toBe('HTTP://a.test');
    expect(safeHref('mailto:a@b.test')).toBe('mailto:a@b.test');
    for (const bad of ['javascript:x', 'data:x', 'ftp://a', '//a.test', 'a.test', ''])
      expect(safeHref(bad), bad).toBeUndefined();
  });
});
