import { formatDate } from '../../../src/components/formatDate';

describe('formatDate', () => {
  // Local noon: the same calendar day in every time zone the test may run in.
  const march12 = new Date(2025, 2, 12, 12).toISOString();

  it('writes the long form by default and the short month where space is short', () => {
    expect(formatDate(march12)).toBe('March 12, 2025');
    expect(formatDate(march12, 'medium')).toBe('Mar 12, 2025');
  });

  it('uses the reader’s calendar day', () => {
    const lateEvening = new Date(2024, 11, 31, 23, 30);
    expect(formatDate(lateEvening.toISOString())).toBe('December 31, 2024');
  });

  it('returns nothing for a value that is not a date', () => {
    expect(formatDate('not a date')).toBe('');
  });
});
