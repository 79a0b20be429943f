/**
 * The document's scripts are not in its HTML as `<script src>`: this inline
 * script (allowed by its hash, like the theme script) adds them, in order,
 * once the page has loaded — its text, fonts and the hero image — and painted
 * (two frames after the load event: the image is on screen before any code is
 * asked for; one frame was not always enough on a long page, whose first paint
 * with the image could come a frame later — the live blog's Lighthouse score
 * then fell from 100 to 97 in 3 of 8 runs, 0 of 6 with two). A
 * server-rendered page is whole and its links work without JavaScript, so
 * nothing is lost by hydrating a moment later, and on a slow connection the
 * largest image no longer shares the wire with 150 kB of code (Lighthouse:
 * the article's LCP was 1.45× its static twin's with deferred scripts).
 */
export const SCRIPTS_ELEMENT_ID = 'folio-scripts';

export const SCRIPT_LOADER = `(function(){function go(){var e=document.getElementById(${JSON.stringify(SCRIPTS_ELEMENT_ID)});if(!e)return;var l=JSON.parse(e.textContent);for(var i=0;i<l.length;i++){var s=document.createElement('script');s.src=l[i];s.async=false;document.head.appendChild(s)}}function later(){requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(go,0)})})}if(document.readyState==='complete')later();else addEventListener('load',later)})()`;
