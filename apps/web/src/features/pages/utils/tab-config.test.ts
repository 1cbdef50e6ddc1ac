import { describe, expect, it } from 'vitest';
import { faqItems, paragraphs } from './tab-config';

describe('tab config readers', () => {
  it('keeps FAQ items with both a question and an answer, ignoring malformed entries', () => {
    expect(
      faqItems({
        items: [
          { question: 'Q1', answer: 'A1' },
          { question: 'Q2' },
          'x',
          null,
          { question: 3, answer: 'A' },
        ],
      }),
    ).toEqual([{ question: 'Q1', answer: 'A1' }]);
    expect(faqItems({ items: 'nope' })).toEqual([]);
    expect(faqItems({})).toEqual([]);
  });
  it('splits legal texts into paragraphs at blank lines', () => {
    expect(paragraphs('Title\n\nLine one\nline two\n  \n\nLast ')).toEqual([
      'Title',
      'Line one\nline two',
      'Last',
    ]);
    expect(paragraphs('')).toEqual([]);
  });
});
