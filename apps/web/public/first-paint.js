// Applies the stored theme before first paint, so a dark-mode user never sees a white flash.
// A file, not an inline script: the gateway's Content-Security-Policy allows only 'self'.
(function () {
  var t = localStorage.getItem('vite-ui-theme') || 'system';
  var dark = t === 'dark' || (t === 'system' && matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.add(dark ? 'dark' : 'light');
})();
