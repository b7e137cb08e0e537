// Runs before the first paint (a file, not an inline script: the gateway's Content-Security-Policy
// allows only 'self'). It decides what that paint shows, where only this page's URL and storage can:
// - the stored theme, so a dark-mode user never sees a white flash;
// - whether the auth client is needed at start (a stored session, or a link that brings one), which
//   the app reads back (src/lib/supabase.ts) instead of deciding it again;
// - whether the login page pre-rendered into index.html is what the app is about to show: a
//   signed-out visitor on any path but the public pages (auth, the e-mail's unsubscribe, the footer's terms, privacy and
//   contact), with nothing to show beyond the plain sign-in form. Otherwise the stylesheet hides it and the page waits for the app, as before.
(function () {
  var html = document.documentElement;
  var theme = localStorage.getItem('vite-ui-theme') || 'system';
  var dark = theme === 'dark' || (theme === 'system' && matchMedia('(prefers-color-scheme: dark)').matches);
  html.classList.add(dark ? 'dark' : 'light');

  // 'link': the URL brings a session (or why it did not), which auth-js must read before anything
  // else; 'yes': a stored session to restore.
  var sessionLink = /[#&](access_token|error|error_description)=/.test(location.hash) || /[?&](code|error)=/.test(location.search);
  var authAtStart = sessionLink || localStorage.getItem('supabase.auth.token') !== null;
  html.setAttribute('data-auth-at-start', sessionLink ? 'link' : authAtStart ? 'yes' : 'no');

  var publicPage =
    ['/forgot-password', '/reset-password', '/email-confirmed', '/review-email/unsubscribe', '/email-notifications/unsubscribe', '/terms', '/privacy'].indexOf(location.pathname) >= 0 ||
    /^\/contact-form(\/[^/]*)?\/?$/.test(location.pathname);
  var moreThanTheForm =
    /[?&]tab=signup/.test(location.search) || // the sign-up tab
    localStorage.getItem('auth_session') !== null || // "Your session ended"
    (localStorage.getItem('auth_providers') || '[]') !== '[]'; // a provider's button
  if (!authAtStart && !publicPage && !moreThanTheForm) html.setAttribute('data-start', 'login');

  // The app's scripts wait in index.html's <template id="app-scripts"> (vite.config.ts). Over the
  // pre-rendered login page they start once it has painted, so that paint needs nothing but the HTML
  // and the stylesheet; otherwise as soon as the page is parsed.
  function startApp() {
    var scripts = document.getElementById('app-scripts');
    if (!scripts) return;
    var content = scripts.content.cloneNode(true);
    if (authAtStart) preloadSignedInStart(content);
    document.head.appendChild(content);
  }

  // With a session to restore, the shell's and this page's chunks (listed by the build, vite.config.ts)
  // are fetched beside the entry instead of level after level once it runs; the login page's are not.
  function preloadSignedInStart(content) {
    var listed = document.getElementById('signed-in-chunks');
    if (!listed) return;
    var chunks = JSON.parse(listed.textContent);
    var links = content.querySelectorAll('link[rel="modulepreload"]');
    for (var i = 0; i < links.length; i++) if (chunks.loginOnly.indexOf(links[i].getAttribute('href')) >= 0) links[i].remove();
    // The browser takes six at a time from one host, a preload's fetch starting as it is inserted and a
    // module script's a task later: the entry and its own imports first, then the shell's and the page's.
    var entry = content.querySelector('script[type="module"]');
    content.insertBefore(modulePreload(entry.getAttribute('src')), content.firstChild);
    var wanted = chunks.start.concat(chunks.pages[location.pathname.replace(/(.)\/$/, '$1')] || []);
    for (var j = 0; j < wanted.length; j++) content.appendChild(modulePreload(wanted[j]));
  }

  function modulePreload(href) {
    var link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    return link;
  }
  document.addEventListener('DOMContentLoaded', function () {
    if (html.getAttribute('data-start') !== 'login') return startApp();
    requestAnimationFrame(function () {
      setTimeout(startApp, 0);
    });
  });
})();
