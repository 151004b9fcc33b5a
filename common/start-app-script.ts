/** On the prerendered page's app-starting script: the entry's address, then the modules to preload. */
export const APP_MODULES_ATTRIBUTE = 'data-app-modules';

/**
 * The inline script a prerendered page starts the app with (scripts/prerender.ts): it asks for the
 * app's code only after the page has painted, so the page's first paint waits for no script. The
 * server allows exactly this script by its hash in the Content-Security-Policy; the modules come from
 * the tag's attribute, so the script is the same on every page and build. A hidden tab never paints
 * until it is shown, so it starts at once.
 */
export const START_APP_SCRIPT = `(function(s){var m=s.getAttribute('${APP_MODULES_ATTRIBUTE}').split(' ');function add(){m.forEach(function(h,i){var e=document.createElement(i?'link':'script');if(i){e.rel='modulepreload';e.href=h}else{e.type='module';e.src=h}e.crossOrigin='anonymous';document.head.appendChild(e)})}function afterPaint(){if(document.visibilityState==='hidden')add();else requestAnimationFrame(function(){setTimeout(add,0)})}if(document.readyState==='loading')document.addEventListener('DOMContentLoaded',afterPaint);else afterPaint()})(document.currentScript)`;

/**
 * The id of the `<script type="application/json">` a page rendered on request carries its data in:
 * `[queryKey, data][]` for the app to put in its query cache before it takes the page over.
 */
export const QUERY_DATA_ELEMENT_ID = 'encore-query-data';

/**
 * On #root of a prerendered page. The server sends such a page only to a request without a session
 * cookie, so the app starts with no session and hydrates the page (client/main.tsx).
 */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/** On the controls the build disabled until the app takes over; the app enables them as it hydrates. */
export const PRERENDER_DISABLED_ATTRIBUTE = 'data-prerender-disabled';
