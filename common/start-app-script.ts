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
