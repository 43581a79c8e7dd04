// The dashboard's one script. Pages work without it; it adds:
// - live refresh: while the "live" switch is on and the tab is visible, the page is fetched again
//   every data-refresh-ms and each element with an id and data-live is replaced by its fresh copy
//   (the server escaped everything in it; a script inside would not run);
// - a confirmation before actions whose form has data-confirm.
(function () {
  'use strict';
  var box = document.getElementById('live');
  var interval = parseInt(document.body.getAttribute('data-refresh-ms'), 10) || 2000;
  var KEY = 'durable.dashboard.live';
  if (box) {
    box.checked = window.localStorage.getItem(KEY) !== 'off';
    box.addEventListener('change', function () {
      window.localStorage.setItem(KEY, box.checked ? 'on' : 'off');
    });
  }
  var busy = false;
  function refresh() {
    if (!box || !box.checked || document.hidden || busy
        || !document.querySelector('[data-live][id]')) {
      return;
    }
    busy = true;
    fetch(window.location.href, {credentials: 'same-origin', headers: {'X-Durable-Refresh': '1'}})
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (text) {
        if (text === null) {
          return;
        }
        var fresh = new DOMParser().parseFromString(text, 'text/html');
        document.querySelectorAll('[data-live][id]').forEach(function (element) {
          var replacement = fresh.getElementById(element.id);
          if (replacement) {
            // keep <details> the reader opened open
            var open = {};
            element.querySelectorAll('details').forEach(function (d, i) { open[i] = d.open; });
            var node = document.importNode(replacement, true);
            node.querySelectorAll('details').forEach(function (d, i) {
              if (i in open) { d.open = open[i]; }
            });
            element.replaceWith(node);
          }
        });
        document.body.setAttribute('data-refreshed', String(Date.now()));
      })
      .catch(function () { /* the next round tries again */ })
      .then(function () { busy = false; });
  }
  window.setInterval(refresh, interval);

  document.addEventListener('submit', function (event) {
    var question = event.target.getAttribute('data-confirm');
    if (question && !window.confirm(question)) {
      event.preventDefault();
    }
  });
})();
