/**
 * Under `npm run dev`, a saved content/ file that cannot be published is
 * shown on the page the writer is looking at, as webpack shows a code error:
 * a panel over the page with each problem as `file:line: message`, until the
 * next publish clears it (or the writer closes it). Built from plain DOM, so
 * it does not depend on the page it covers rendering; development only
 * (src/routing/contentEvents.ts), never in a production build.
 */
const OVERLAY_ID = 'folio-content-problems';

export function showContentProblems(problems: string): void {
  clearContentProblems();
  const overlay = document.createElement('section');
  overlay.id = OVERLAY_ID;
  overlay.setAttribute('role', 'alert');
  overlay.setAttribute('aria-label', 'content/ was not published');
  overlay.style.cssText =
    'position:fixed;inset:auto 0 0 0;z-index:2147483647;max-height:60vh;overflow:auto;' +
    'padding:1rem 1.25rem;background:#1d1f21;color:#f4f4f4;border-top:4px solid #e5484d;' +
    'font:14px/1.5 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;box-shadow:0 -4px 16px rgba(0,0,0,.35)';
  const heading = document.createElement('h2');
  heading.textContent = 'content/ was not published: nothing changed';
  heading.style.cssText =
    'margin:0 0 .5rem;padding-right:5.5rem;font:600 15px/1.4 system-ui,sans-serif;color:#ff8b8b';
  const list = document.createElement('ul');
  list.style.cssText = 'margin:0;padding:0;list-style:none';
  for (const line of problems.split('\n').filter(Boolean)) {
    const item = document.createElement('li');
    item.textContent = line;
    // A long line wraps under itself, so each problem stays one block.
    item.style.cssText =
      'margin:.2rem 0;padding-left:1.5em;text-indent:-1.5em;white-space:pre-wrap;overflow-wrap:anywhere';
    list.append(item);
  }
  const note = document.createElement('p');
  note.textContent = 'Fix the file and save: this goes once it is published.';
  note.style.cssText = 'margin:.5rem 0 0;font:13px/1.4 system-ui,sans-serif;color:#b8b8b8';
  const close = document.createElement('button');
  close.type = 'button';
  close.textContent = 'Close';
  close.style.cssText =
    'position:absolute;top:.75rem;right:1rem;font:13px system-ui,sans-serif;padding:.25rem .75rem';
  close.addEventListener('click', clearContentProblems);
  overlay.append(heading, list, note, close);
  document.body.append(overlay);
}

export function clearContentProblems(): void {
  document.getElementById(OVERLAY_ID)?.remove();
}
