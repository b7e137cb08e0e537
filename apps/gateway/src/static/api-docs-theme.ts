/**
 * What the reference page adds to Swagger UI's own stylesheet: colours that reach WCAG AA contrast
 * (4.5:1) where Swagger UI's fall short, in its light theme and in its dark one (`html.dark-mode`,
 * which init.js turns on to follow the app's theme or the system's).
 */
export const apiDocsCss = `
.swagger-ui .info .title small { background: #4b5563; }
.swagger-ui .info .title small.version-stamp { background: #3f6212; }
.swagger-ui .info .url, .swagger-ui .parameter__in, .swagger-ui .json-schema-2020-12-expand-deep-button { color: #4b5563; }
.swagger-ui .info a, .swagger-ui .info__jsonschemadialect .link { color: #1d4ed8; }
.swagger-ui .btn.authorize { border-color: #047857; color: #047857; }
.swagger-ui .btn.authorize svg { fill: #047857; }
.swagger-ui .opblock.opblock-get .opblock-summary-method { background: #1d4ed8; }
.swagger-ui .opblock.opblock-post .opblock-summary-method { background: #047857; }
.swagger-ui .opblock.opblock-put .opblock-summary-method { background: #b45309; }
.swagger-ui .opblock.opblock-delete .opblock-summary-method { background: #b91c1c; }
.swagger-ui .opblock.opblock-patch .opblock-summary-method { background: #0f766e; }
.swagger-ui .opblock.opblock-head .opblock-summary-method { background: #7e22ce; }
/* Examples wrap instead of scrolling: a scrolling box would need a keyboard stop of its own. */
.swagger-ui .highlight-code > .microlight { max-height: none; overflow: visible; white-space: pre-wrap; overflow-wrap: anywhere; }
html.dark-mode .swagger-ui .info .url,
html.dark-mode .swagger-ui .parameter__in,
html.dark-mode .swagger-ui .json-schema-2020-12-expand-deep-button { color: #cbd5e1; }
html.dark-mode .swagger-ui .info a, html.dark-mode .swagger-ui .info__jsonschemadialect .link { color: #93c5fd; }
html.dark-mode .swagger-ui .btn.authorize { border-color: #34d399; color: #34d399; }
html.dark-mode .swagger-ui .btn.authorize svg { fill: #34d399; }
`;
