// The API reference page's start-up, served at /_assets/reference.js after Swagger UI's bundle.
// "Try it out" runs as the signed-in dashboard user: a request to /api/v1/… or /_emulator/… that
// carries no Authorization header goes to the dashboard's session-authenticated mirror
// (/_dashboard/api/v1/…, /_dashboard/api/emulator/…) with the dashboard's own header and, unless
// one was filled in, the shop selected on the page. A key entered under "Authorize" is sent as is.
// Plain ES2020 in a String.raw literal (no backticks, no dollar-brace) so tsc ships it as is.
export const REFERENCE_JS = String.raw`
(function () {
  'use strict';
  var MIRRORS = [
    [/^\/api\/v1\//, '/_dashboard/api/v1/'],
    [/^\/_emulator\//, '/_dashboard/api/emulator/']
  ];

  function headerNamed(headers, name) {
    return Object.keys(headers).some(function (key) { return key.toLowerCase() === name; });
  }

  function asSignedInUser(request) {
    if (request.loadSpec) return request;
    var url = new URL(request.url, location.href);
    request.headers = request.headers || {};
    if (url.origin !== location.origin || headerNamed(request.headers, 'authorization')) return request;
    for (var i = 0; i < MIRRORS.length; i++) {
      if (!MIRRORS[i][0].test(url.pathname)) continue;
      url.pathname = url.pathname.replace(MIRRORS[i][0], MIRRORS[i][1]);
      request.url = url.toString();
      request.headers['X-Dashboard-Request'] = '1';
      if (!headerNamed(request.headers, 'x-service-shop')) request.headers['X-Service-Shop'] = document.body.getAttribute('data-shop');
      break;
    }
    return request;
  }

  function init() {
    var root = document.getElementById('reference');
    if (!root || typeof window.SwaggerUIBundle !== 'function') return;
    root.textContent = '';
    window.SwaggerUIBundle({
      url: root.getAttribute('data-document'),
      domNode: root,
      validatorUrl: null,
      withCredentials: true,
      deepLinking: false,
      defaultModelsExpandDepth: 0,
      requestInterceptor: asSignedInUser
    });
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', init); else init();
})();
`
