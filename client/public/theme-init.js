// Runs before the page paints (a classic script in <head>), so a dark-theme reader never sees a
// white flash: the stored choice (genieTheme: "light" | "dark"), else the system's
// prefers-color-scheme, becomes <html data-theme>. It keeps following the system while no
// choice is stored, and another tab's choice as it is made. client/src/lib/theme.ts writes it.
(function () {
  var key = 'genieTheme';
  var root = document.documentElement;
  var media = window.matchMedia('(prefers-color-scheme: dark)');
  function apply() {
    var stored = null;
    try {
      stored = window.localStorage.getItem(key);
    } catch (e) {
      // Storage unavailable: follow the system.
    }
    root.setAttribute('data-theme', stored === 'dark' || stored === 'light' ? stored : media.matches ? 'dark' : 'light');
  }
  apply();
  media.addEventListener('change', apply);
  window.addEventListener('storage', function (event) {
    if (event.key === key) apply();
  });
})();
