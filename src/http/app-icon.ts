/**
 * The app's icon (resources/icon.svg, which the desktop shell and the UI's build use), as the core
 * serves it at /favicon.svg and /favicon.ico for the pages it renders itself (the checkout page) and
 * for browsers that ask without a link. Kept here as text because the core runs from its sources, from
 * a bundle and from a packaged app, where resources/ sits in different places; a test keeps the two
 * the same.
 */
export const APP_ICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 256" width="256" height="256">
  <title>stablepos</title>
  <!-- A coin with an equals sign: a payment that holds its value. Shapes only, no text, so every
       renderer (browsers, rsvg-convert) draws it the same. -->
  <rect x="8" y="8" width="240" height="240" rx="52" fill="#0f766e"/>
  <circle cx="128" cy="128" r="80" fill="none" stroke="#ffffff" stroke-width="16"/>
  <rect x="88" y="102" width="80" height="16" rx="8" fill="#ffffff"/>
  <rect x="88" y="138" width="80" height="16" rx="8" fill="#ffffff"/>
</svg>
`;
