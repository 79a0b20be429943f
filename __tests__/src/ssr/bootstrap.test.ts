import { serializeForScript } from '../../../src/ssr/bootstrap';

describe('serializeForScript', () => {
  const hostile = {
    title: '</script><script>alert(1)</script>',
    comment: '<!-- <script>',
    separators: 'line\u2028paragraph\u2029end',
    ampersand: 'Q&A > all',
  };

  it('leaves nothing that can end or change a script element', () => {
    const text = serializeForScript(hostile);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(text.toLowerCase()).not.toContain('</script');
  });

  it('reads back as the same value', () => {
    expect(JSON.parse(serializeForScript(hostile))).toEqual(hostile);
  });

  it('survives an HTML parser: the script element holds exactly the JSON', () => {
    const html = `<script type="application/json" id="x">${serializeForScript(hostile)}</script><p id="after">after</p>`;
    // The HTML tokenizer ends a script's raw text at the first `</script`, case-insensitively.
    const end = html.toLowerCase().indexOf('</script');
    const inside = html.slice(html.indexOf('>') + 1, end);
    expect(JSON.parse(inside)).toEqual(hostile);
    expect(html.slice(end)).toBe('</script><p id="after">after</p>');
  });
});
